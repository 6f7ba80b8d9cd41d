package tune

import (
	"fmt"
	"io"
	"math"

	"matador/internal/chess"
	"matador/internal/search"
)

// WDLPoint is one position for fitting the win/draw/loss model: the search
// score and the game's outcome (+1 win, 0 draw, -1 loss), both from the
// view of the side to move, and the material count of search.WDLMaterial.
type WDLPoint struct {
	Score, Material, Outcome int
}

// WDLPoints keeps the samples that carry a search score, turned to the
// mover's view. Scores are clipped to +-2000: beyond that the games were
// decided and adjudicated.
func WDLPoints(samples []Sample) []WDLPoint {
	var out []WDLPoint
	for _, s := range samples {
		if !s.HasScore {
			continue
		}
		score, result := s.Score, s.Result
		if s.Pos.SideToMove() == chess.Black {
			score, result = -score, 1-result
		}
		outcome := 0
		switch {
		case result > 0.75:
			outcome = 1
		case result < 0.25:
			outcome = -1
		}
		out = append(out, WDLPoint{Score: min(max(score, -2000), 2000), Material: search.WDLMaterial(s.Pos), Outcome: outcome})
	}
	return out
}

// wdlLoss is the mean negative log-likelihood of the outcomes under m.
func wdlLoss(m search.WDLModel, pts []WDLPoint) float64 {
	l, _ := wdlLossGrad(m, pts, false)
	return l
}

// wdlLossGrad is wdlLoss and, when grad is set, its gradient with respect
// to the eight constants (A then B).
func wdlLossGrad(m search.WDLModel, pts []WDLPoint, grad bool) (float64, [8]float64) {
	const floor = 1e-9
	sum := 0.0
	var g [8]float64
	for _, p := range pts {
		a, b := m.Params(p.Material)
		x := float64(p.Score)
		u, v := (a-x)/b, (a+x)/b
		w := 1 / (1 + math.Exp(u))
		l := 1 / (1 + math.Exp(v))
		var q, dqda, dqdb float64
		dwda, dwdb := -w*(1-w)/b, w*(1-w)*u/b
		dlda, dldb := -l*(1-l)/b, l*(1-l)*v/b
		switch p.Outcome {
		case 1:
			q, dqda, dqdb = w, dwda, dwdb
		case -1:
			q, dqda, dqdb = l, dlda, dldb
		default:
			q, dqda, dqdb = 1-w-l, -dwda-dlda, -dwdb-dldb
		}
		if q < floor {
			q, dqda, dqdb = floor, 0, 0
		}
		sum -= math.Log(q)
		if !grad {
			continue
		}
		if _, bRaw := m.Params(p.Material); bRaw <= 1 {
			dqdb = 0 // the width is held at its floor there
		}
		mm := float64(p.Material) / 58
		pow := 1.0
		for k := 0; k < 4; k++ {
			g[k] -= dqda / q * pow
			g[4+k] -= dqdb / q * pow
			pow *= mm
		}
	}
	n := float64(max(len(pts), 1))
	for i := range g {
		g[i] /= n
	}
	return sum / n, g
}

// FitWDL finds the model that makes the outcomes likeliest: BFGS on the
// eight constants with the exact gradient and a backtracking line search.
// The quadratic and cubic terms start at zero, so the fit begins at a
// straight line and bends it where the games ask. It returns the model
// and its loss.
func FitWDL(pts []WDLPoint) (search.WDLModel, float64) {
	const n = 8
	model := func(x [n]float64) search.WDLModel {
		var m search.WDLModel
		copy(m.A[:], x[:4])
		copy(m.B[:], x[4:])
		return m
	}
	x := [n]float64{100, 100, 0, 0, 60, 40, 0, 0} // a plausible start
	loss, g := wdlLossGrad(model(x), pts, true)
	var h [n][n]float64 // inverse Hessian estimate
	for i := range h {
		h[i][i] = 1000
	}
	for iter := 0; iter < 200; iter++ {
		var d [n]float64
		slope := 0.0
		for i := range d {
			for j := range d {
				d[i] -= h[i][j] * g[j]
			}
			slope += d[i] * g[i]
		}
		if slope >= 0 { // not a descent direction: start the estimate again
			for i := range h {
				h[i] = [n]float64{}
				h[i][i] = 1000
				d[i] = -1000 * g[i]
			}
			slope = 0
			for i := range d {
				slope += d[i] * g[i]
			}
		}
		t := 1.0
		var next [n]float64
		var nextLoss float64
		var nextG [n]float64
		for ; t > 1e-12; t /= 2 {
			for i := range x {
				next[i] = x[i] + t*d[i]
			}
			nextLoss, nextG = wdlLossGrad(model(next), pts, true)
			if nextLoss <= loss+1e-4*t*slope {
				break
			}
		}
		if t <= 1e-12 || loss-nextLoss < 1e-10 {
			if nextLoss < loss {
				x, loss = next, nextLoss
			}
			break
		}
		var s, y [n]float64
		sy := 0.0
		for i := range s {
			s[i], y[i] = next[i]-x[i], nextG[i]-g[i]
			sy += s[i] * y[i]
		}
		x, loss, g = next, nextLoss, nextG
		if sy <= 1e-12 {
			continue
		}
		// BFGS update of the inverse Hessian.
		var hy [n]float64
		yhy := 0.0
		for i := range hy {
			for j := range hy {
				hy[i] += h[i][j] * y[j]
			}
			yhy += y[i] * hy[i]
		}
		for i := range h {
			for j := range h {
				h[i][j] += (sy+yhy)*s[i]*s[j]/(sy*sy) - (hy[i]*s[j]+s[i]*hy[j])/sy
			}
		}
	}
	return model(x), loss
}

// WriteCalibration prints, for score bands, how often the games were won,
// drawn and lost against what the model predicts, so that a fit can be
// judged by eye.
func WriteCalibration(w io.Writer, m search.WDLModel, pts []WDLPoint) {
	type band struct{ n, win, draw, loss, pw, pd, pl float64 }
	edges := []int{-2001, -400, -200, -100, -50, -20, 20, 50, 100, 200, 400, 2001}
	bands := make([]band, len(edges)-1)
	for _, p := range pts {
		for i := 0; i+1 < len(edges); i++ {
			if p.Score >= edges[i] && p.Score < edges[i+1] {
				b := &bands[i]
				b.n++
				switch p.Outcome {
				case 1:
					b.win++
				case 0:
					b.draw++
				default:
					b.loss++
				}
				pw, pd, pl := m.Rates(p.Score, p.Material)
				b.pw, b.pd, b.pl = b.pw+pw, b.pd+pd, b.pl+pl
				break
			}
		}
	}
	fmt.Fprintf(w, "%-14s %8s  %-20s %-20s\n", "score", "positions", "games W/D/L %", "model W/D/L %")
	for i, b := range bands {
		if b.n == 0 {
			continue
		}
		fmt.Fprintf(w, "%5d..%-6d %9.0f  %5.1f %5.1f %5.1f    %5.1f %5.1f %5.1f\n", edges[i], edges[i+1]-1, b.n,
			100*b.win/b.n, 100*b.draw/b.n, 100*b.loss/b.n, 100*b.pw/b.n, 100*b.pd/b.n, 100*b.pl/b.n)
	}
}
