package eval

// pkNetWeights is the pawn-king network's weights (pknet.go), written by
// `matador tune run -pknet`. Zero: the network is not trained yet, and
// UsePKNet is off.
var pkNetWeights PKNet
