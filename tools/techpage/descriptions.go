package main

// descriptions says what each technique does, for a reader who knows
// alpha-beta but not the technique: two or three sentences each. It is
// the one part of the Techniques tab written by hand; the test holds it
// to the switches there are, one entry each.
var descriptions = map[string]string{
	// The search.
	"Aspiration": "Each iteration of iterative deepening starts with a narrow window around the last iteration's score instead of an infinite one. " +
		"A narrow window cuts more of the tree; when the score falls outside it, the window widens and the iteration is searched again.",
	"NullMove": "The side to move passes, and the opponent searches the position a few plies shallower. " +
		"If even the free move cannot bring the score below beta, the node is cut off without searching a single real move. " +
		"It fails in zugzwang, where passing would be the best move, which is why it is not used in pawn endings.",
	"ReverseFutility": "Near the horizon, a node whose static evaluation beats beta by a margin that grows with depth returns at once. " +
		"The opponent is assumed unable to win back that much in the few plies left.",
	"Futility": "Near the horizon, quiet moves that cannot raise the static evaluation up to alpha, even with a generous margin, are not searched. " +
		"The margin grows with the depth left, up to five plies from the horizon.",
	"LateMovePruning": "At shallow depth, once enough moves have been tried, the remaining quiet moves are skipped. " +
		"Good move ordering puts the moves that matter first, so the late quiet ones seldom change the result.",
	"SEEPruning": "At low depth, moves that lose material by static exchange evaluation by more than a depth-scaled margin are skipped. " +
		"A capture that simply hangs a piece is not worth a search so close to the horizon.",
	"LMR": "Moves late in the ordering are searched with less depth first, and again at full depth only if they surprise by beating alpha. " +
		"Most late moves fail low anyway, so the tree shrinks a lot while the good moves still get their full search.",
	"IID": "When a node has no hash move, a shallower search of the same node is done first to find one. " +
		"The best move it finds is then tried first, which makes the full search's cut-offs come sooner.",
	"SingularExt": "When the hash move is much better than every alternative (a search excluding it fails low by a margin), it is extended by a ply. " +
		"Forced lines are then seen deeper.",
	"CheckExtension": "A move that gives check is searched a ply deeper. " +
		"Checks are forcing, and stopping in the middle of a checking sequence leaves the horizon in the worst place.",
	"RecaptureExt": "A recapture on the square where the last capture happened, which keeps the material in a narrowing window, is searched a ply deeper. " +
		"The search then sees an exchange through to its end.",
	"PawnPushExt": "A pawn push to the seventh rank is searched a ply deeper. " +
		"A promotion just past the horizon is then seen before it happens.",
	"QSChecks": "The first ply of quiescence search tries quiet checks beside the captures. " +
		"Mates and forks that start with a check are then found at the horizon.",
	"QSDeltaPruning": "In quiescence, a capture that could not lift the score to alpha even if the captured piece came free plus a margin is skipped. " +
		"It saves the nodes of hopeless captures (REBEL's horizon trick two).",
	"MateDistance": "A node cannot do better than mating at once nor worse than being mated at once, so the window is narrowed to those bounds. " +
		"Once a mate is found, longer mates are cut off at once.",
	"DelayPenalty": "A score better than the current evaluation loses a point for each ply it takes to reach, a worse one gains a point. " +
		"Among lines of the same value the search prefers the quickest gain and the slowest loss (micro-Max's aging).",
	"AspirationREBEL": "REBEL's aspiration: a first window of half a pawn, then two pawns, then the whole range. " +
		"In place of the default's narrower windows that widen by half each fail.",
	"HangingNoReduce": "A hanging piece that moves away is reduced a ply less by late-move reductions. " +
		"Saving a piece is rarely a quiet move one can search shallowly.",
	"MateKiller": "A killer move that gave mate earlier in the search is tried before the captures. " +
		"If it mates again, the node ends at once.",
	"OrderingHints": "Quiet moves of a hanging piece are raised in the move ordering, and moves onto a square a pawn attacks are lowered. " +
		"The search meets the moves that matter sooner.",
	"NullVerify": "Near the end game, a null-move cut-off is verified by a reduced search of the real moves before it is trusted. " +
		"It guards against zugzwang, where passing is better than any move.",
	"CounterMove": "The move that refuted the opponent's last move is remembered and tried early when that move is played again. " +
		"A refutation is often the same move in many positions.",
	"ContinuationHistory": "Quiet moves are scored by how often they caused cut-offs after the same moves one and two plies earlier. " +
		"Move ordering then follows the plans that worked in that context.",
	"HistoryReduction": "LMR in REBEL's third edition: moves with a bad history are reduced two or three plies instead of one. " +
		"With LMRAdjusted on, which replaces these rules, it changes nothing.",
	"FutilityREBEL": "REBEL's own futility margins, three pawns in the end game and five otherwise, at one and two plies from the horizon only. " +
		"They replace the default's tuned margins.",
	"LazyEval": "In quiescence, when material and piece squares alone are far below alpha, the full evaluation is not computed. " +
		"A cheap estimate stands in for it (REBEL's lazy eval).",
	"PositionalGain": "The largest positional gain each move has shown is kept in a table, and near the horizon quiet moves whose gain could not reach alpha are pruned. " +
		"It is IPPOLIT's way of judging quiet moves without searching them.",
	"HorizonTrickOne": "At the horizon, if capturing the best hanging piece could not bring the score to alpha, quiescence is skipped altogether. " +
		"It is REBEL's first horizon trick, a bet that nothing else can help either.",
	"PawnEndingExt": "A capture into a balanced pawn ending is searched three plies deeper. " +
		"Pawn endings are decided by counting tempi, which a shallow search gets wrong.",
	"MaterialReduction": "REBEL's reduction 1: a quiet move of a side a rook or more below alpha is searched a ply less. " +
		"A side that far behind rarely recovers with a quiet move.",
	"CheckExtREBEL": "REBEL's check extension: no extension for the first check on a path, two plies at the fourth. " +
		"It spends the extension on long checking sequences rather than on every check.",
	"StaticREBEL": "REBEL's selective search as written: a few plies of null move where the evaluation minus the threat beats beta, then static pruning by evaluation and threat. " +
		"It replaces the default's reverse futility and null move.",
	"ThreatReduction": "REBEL's reduction 2a: a move that leaves its side below alpha even counting a quarter of its threat is searched a ply less. " +
		"A move that threatens nothing and stays behind is not worth a full search.",
	"KingPressureExt": "A move that raises the danger to the enemy king by enough is searched a ply deeper. " +
		"King attacks often need a few quiet moves before they pay off, which a shallow search misses.",
	"PartialIteration": "When the clock stops an iteration after a later root move has beaten the old best, that new move is played. " +
		"Without it, the best move of the last finished iteration is played.",
	"ProbCut": "A capture that beats beta by a margin in quiescence and then in a search four plies shallower cuts the node. " +
		"A move that good at low depth is very likely good enough at full depth.",
	"CaptureHistory": "Captures are ordered within their band (by exchange value) by how often they caused cut-offs before. " +
		"The history shifts the order learned from the static exchange.",
	"LMRAdjusted": "Late-move reductions as the strongest engines make them: from the second move, at the root too, by a log-log table adjusted by node type, improvement, killers and history. " +
		"It replaces the rules of LMR in REBEL.",
	"SafeChecksOnly": "Only the hash move and checks that static exchange calls safe escape move pruning among the first moves. " +
		"Other checks are pruned like any quiet move.",
	"SEEQuietLinearNoisySquare": "The margins of SEE pruning: linear in depth for quiet moves, quadratic for captures, to depth nine. " +
		"Without it, older and wider margins apply.",
	"ContHistPruning": "Quiet moves with poor counter-move or follow-up history are pruned near the horizon. " +
		"A move that has failed in the same context many times is not searched again there.",
	"AspirationFailHigh": "After a fail high at the root, the research is done a ply shallower. " +
		"The new best move is confirmed sooner, and the next iteration searches it at full depth.",
	"QSSEEThreshold": "Quiescence searches only the captures whose static exchange can bring the score near alpha. " +
		"Losing and pointless captures are left out of the horizon's search.",
	"ImprovingPastCheck": "The test of whether a side is improving compares with four plies up when two plies up was in check. " +
		"A position after a check has no meaningful evaluation to compare with.",
	"ContHistNoSink": "After a null move, or before the root, no continuation history is read or written. " +
		"Without it those moves share one row of the table, which mixes unrelated contexts.",
	"ClockIdealScaled": "The clock sets an ideal time for each move and scales it by how stable the best move is, how often it changed and how much the score dropped. " +
		"A clear position is played fast, an unsettled one gets more time.",
	"CorrectionHistory": "The static evaluation is corrected by what searches found beyond it in positions of the same pawn structure. " +
		"Pruning that relies on the evaluation then errs less.",
	"CorrectionNonPawn": "The correction also learns by each side's pieces other than pawns, beside the pawn structure. " +
		"The evaluation's errors that come from the pieces, not the pawns, are then corrected too.",
	"SingularDouble": "A very singular hash move is extended two plies, and a non-singular one that beats beta anyway is searched a ply shallower. " +
		"It refines singular extension both ways.",
	"IIReduction": "At a PV or cut node without a hash move, the node is searched a ply shallower instead of running internal iterative deepening. " +
		"A node the hash table knows nothing about is probably not important.",
	"ClockNodeShare": "The ideal time is scaled by the share of the nodes the best move took and by the fall of the score. " +
		"A best move that took most of the search is trusted and played sooner.",
	"ClockStableFloor": "A stable best move can take the time down only to the ideal time, not below it. " +
		"It keeps the clock from playing a stable move too fast.",
	"EvalCache": "Recent static evaluations are kept by position key in a small table beside the hash table. " +
		"The scores are the same, found sooner: all of its worth is speed.",
	"LMRCaptures": "Late captures are reduced too, by how seldom they caused cut-offs (their capture history). " +
		"A capture that never works in this search is searched less deeply.",
	"FutilityHistory": "Futility pruning spares a quiet move whose history is good. " +
		"A move that often caused cut-offs is searched even when the evaluation says it is hopeless.",
	"DrawJitter": "A draw in the main search scores plus or minus one by the node count instead of zero. " +
		"The search does not settle on one drawing line when others may be better.",
	"ClockFrontLoad": "The ideal time is a share of fewer moves to go, so that more time is spent early in the game. " +
		"The opening and middle game decide more games than the end.",
	"PruneAtLMRDepth": "Futility and continuation-history pruning judge a quiet move at the depth its reduction would leave it. " +
		"A move that would be reduced to the horizon is pruned as if it were there.",
	"ThreatHistory": "The butterfly history is kept apart by whether the enemy attacks the move's from and to squares. " +
		"A move that escapes a threat is judged apart from the same move made in peace.",
	"NNUEImbalance": "With the network, a position whose material is far from level is evaluated classically, the margin growing with the fifty-move count. " +
		"Lopsided positions are decided by material, which the classical evaluation computes faster.",

	// The evaluation.
	"UsePawnHash": "The pawn-structure part of the evaluation is kept in a table by the pawns' key and read back instead of being computed again. " +
		"The scores are the same; it saves time, since pawns move seldom.",
	"UseImbalance": "The values of knights and rooks follow the number of pawns: knights gain with many pawns, rooks with few. " +
		"It is Rybka's material imbalance by pawn count.",
	"UseMobility": "Each piece scores by the number of squares it can reach that are not attacked by enemy pawns. " +
		"Active pieces are worth more than shut-in ones.",
	"UsePawnStructure": "Isolated, doubled, backward and connected pawns are scored, isolated pawns by a square table. " +
		"Pawn weaknesses are long-term and cannot be undone.",
	"UsePassedPawns": "Passed pawns are scored by rank, by whether they can advance, and by the distance of both kings. " +
		"A passed pawn grows in value as the pieces come off.",
	"UseOutposts": "A knight or bishop on a square enemy pawns can never attack, supported by a pawn, scores a bonus. " +
		"Such a piece cannot be driven away.",
	"UseRookFiles": "Rooks on open and half-open files score a bonus. " +
		"A rook needs a file to act along.",
	"UseBishopPair": "Two bishops together score a bonus. " +
		"Between them they cover both square colours, which grows in value as the board opens.",
	"UseKingShelter": "The pawns in front of the king are scored by file and distance, and advancing enemy pawns (the storm) are scored against it. " +
		"A king without cover is easier to attack.",
	"UseKingSafety": "REBEL's progressive king safety: attacks on the squares around the king add up in a counter, by attacker and pattern, which a table turns into a penalty. " +
		"The penalty grows faster than the attack, as a real attack does.",
	"UseThreats": "Pieces attacked by lesser pieces or undefended and attacked are scored as hanging. " +
		"The search's hanging-piece techniques read the same test.",
	"UseScaling": "Drawish material is scaled towards a draw: a minor up without pawns, opposite-coloured bishops, a lone pawn and the like. " +
		"A material lead that cannot win is not worth its count.",
	"UseMopUp": "With a won material lead and no pawns, the bare king is pushed towards the edge and the kings are brought together. " +
		"The search then finds the mate instead of wandering.",
	"UseSpace": "The safe squares on our side of the centre files count, twice behind our own pawns. " +
		"Space to manoeuvre is an advantage in the middle game.",
	"UseComplexity": "The end-game score moves towards zero or away from it by pawn count, pawns on both wings and pure pawn endings. " +
		"It says how likely a lead is to be converted.",
	"UseThreatsByType": "Threats are scored by attacker and victim: pawn, minor, rook and king attacks, safe pawn pushes that attack, overloaded defenders and a queen on a rook's or bishop's line. " +
		"It refines REBEL's hanging pieces.",
	"UseKingDangerModel": "King danger is a tuned weighted sum of its inputs, squared in the middle game, in place of REBEL's hand-set table. " +
		"The inputs are REBEL's counter's and more: attackers by kind, weak ring squares, safe checks.",
	"UseBishopShape": "A bishop on a long diagonal scores a bonus, one hemmed in by rammed pawns a penalty. " +
		"It is the shape of a bishop's activity that a mobility count misses.",
	"UsePieceActivity": "A knight is scored by its distance to the nearer king, knights and rooks by how closed the pawns are, and the king by its distance to the nearest pawn. " +
		"Knights like closed positions, rooks open ones.",
	"UseKingPawnCover": "Squares around the king that two own pawns defend do not count as attacked in the king's danger. " +
		"Such squares are hard to use for an attack.",
	"UsePoorlyDefended": "King-zone squares the enemy attacks twice and we defend at most once add to the king's danger. " +
		"They are where an attack breaks through.",
	"UsePassedStacked": "A passed pawn with an own pawn behind it on its file scores by rank. " +
		"The doubled pawn behind it weakens the passer's worth.",
	"UsePawnLead": "The end game's complexity grows with the lead in pawns. " +
		"A larger pawn lead is easier to convert.",
	"UseBackwardByRank": "Backward pawns are scored by rank beside the flat penalty. " +
		"A backward pawn on its home rank is weaker than one further up.",
	"UseSpacePieces": "The space squares count again for each own piece. " +
		"Space matters more with more pieces to use it.",
	"UseImbalanceClasses": "Six trades, such as a rook for a minor, a minor for pawns or a queen for two rooks, get a weight each for the side with the larger pieces. " +
		"They correct the piece values where the fit found them off.",
	"UseScaleByPawns": "The side ahead with no pawn, one, two or three converts less of its lead, by a factor for each count. " +
		"Without pawns to promote, a lead is harder to win with.",
	"UsePassedSeveral": "Two passed pawns, and three or more, get a weight beyond each one's own. " +
		"Several passers stretch the defence.",
	"UsePKNet": "A small network of each side's pawns and kings corrects the middle-game and end-game scores. " +
		"It is Ethereal's pawn-king network, kept in the pawn hash.",
	"UseNNUE": "The position is evaluated by an efficiently updatable neural network instead of the classical evaluation. " +
		"The network is updated move by move, so it costs little more than the handwritten terms.",
}
