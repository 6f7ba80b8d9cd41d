package nnue

import "math/rand/v2"

// Random is a net of seeded random weights of the sizes a trained net has
// (hidden weights within +-0.5, output weights within +-1.98), of version
// 2's architecture: for the tests of every package that runs a net, where
// a trained net would tie them to one file.
func Random(seed uint64) *Net {
	n, _ := NewNet(Hidden, nil)
	n.fillRandom(seed)
	return n
}

// RandomV3 is a version 3 net of seeded random weights, hidden wide with
// the king bucket layout given.
func RandomV3(seed uint64, hidden int, layout [32]uint8) (*Net, error) {
	n, err := NewNet(hidden, &layout)
	if err != nil {
		return nil, err
	}
	n.fillRandom(seed)
	return n, nil
}

func (n *Net) fillRandom(seed uint64) {
	r := rand.New(rand.NewPCG(seed, 1))
	for i := range n.FeatureWeights {
		n.FeatureWeights[i] = int16(r.IntN(255) - 127)
	}
	for i := range n.FeatureBias {
		n.FeatureBias[i] = int16(r.IntN(511) - 255)
	}
	for i := range n.OutputWeights {
		n.OutputWeights[i] = int16(r.IntN(253) - 126)
	}
	for i := range n.OutputBias {
		n.OutputBias[i] = int32(r.IntN(20001) - 10000)
	}
	n.ID = NameOf(n.Encode())
}
