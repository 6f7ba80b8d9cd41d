//go:build goexperiment.simd && amd64

package train

import "simd/archsimd"

// hasAVX2 picks the vector kernels, which need FMA too; a processor
// without them runs the plain Go ones. The two differ in rounding (FMA
// rounds once, and the sums run in another order), so a run's bits
// depend on which ran, and Vector is part of a checkpoint's run key.
var hasAVX2 = archsimd.X86.AVX2() && archsimd.X86.FMA()

// Vector names the kernels this build runs.
func Vector() string {
	if hasAVX2 {
		return "avx2"
	}
	return "scalar"
}

// Each dispatcher follows its AVX2 kernel with archsimd.ClearAVXUpperBits
// (VZEROUPPER). Go emits none after simd code, and the scalar code it
// compiles (float arithmetic, math.Exp, copies and zeroing through the XMM
// registers) is in the older SSE encoding, which on Intel processors waits
// on the upper halves of the registers a kernel left dirty, at a cost far
// above the kernel's own (BenchmarkExpAfterKernel). The bits are the same
// either way. TestKernelsClearUpperBits holds every dispatcher to it.
func accumulate(acc, bias []float32, w []float32, feats []uint16) {
	if hasAVX2 {
		avxAccumulate(acc, bias, w, feats)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAccumulate(acc, bias, w, feats)
}

func scatter(g []float32, d []float32, feats []uint16) {
	if hasAVX2 {
		avxScatter(g, d, feats)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarScatter(g, d, feats)
}

func addRow2(dst, a, b []float32) {
	if hasAVX2 {
		avxAddRow2(dst, a, b)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarAddRow2(dst, a, b)
}

func screluDot(acc, w []float32) float32 {
	if hasAVX2 {
		sum := avxScreluDot(acc, w)
		archsimd.ClearAVXUpperBits()
		return sum
	}
	return scalarScreluDot(acc, w)
}

func screluBackward(acc, w, gw, d []float32, g float32) {
	if hasAVX2 {
		avxScreluBackward(acc, w, gw, d, g)
		archsimd.ClearAVXUpperBits()
		return
	}
	scalarScreluBackward(acc, w, gw, d, g)
}

func adamW(w, m, v, g []float32, lr, keep, c1, c2, clip float32) {
	if !hasAVX2 {
		scalarAdamW(w, m, v, g, lr, keep, c1, c2, clip)
		return
	}
	n := len(w) &^ 7
	avxAdamW(w[:n], m[:n], v[:n], g[:n], lr, keep, c1, c2, clip)
	archsimd.ClearAVXUpperBits()
	scalarAdamW(w[n:], m[n:], v[n:], g[n:], lr, keep, c1, c2, clip)
}

// avxAdamW is scalarAdamW in float32, eight weights at a time. It keeps
// clear of subnormal numbers as scalarAdamW does, but in float32:
// gradients below 1e-15 count as zero, so their squares stay normal, and
// moments below 1e-30 are set to zero.
func avxAdamW(w, m, v, g []float32, lr, keep, c1, c2, clip float32) {
	// A zero vector is the zero value (VPXOR): BroadcastFloat32x8(0)
	// compiles to an SSE XORPS, which inside a kernel waits on the dirty
	// upper halves as the code after it would (see accumulate).
	var zero archsimd.Float32x8
	minGrad, minMoment := archsimd.BroadcastFloat32x8(1e-15), archsimd.BroadcastFloat32x8(1e-30)
	b1, nb1 := archsimd.BroadcastFloat32x8(beta1), archsimd.BroadcastFloat32x8(1-beta1)
	b2, nb2 := archsimd.BroadcastFloat32x8(beta2), archsimd.BroadcastFloat32x8(1-beta2)
	eps := archsimd.BroadcastFloat32x8(1e-8)
	lrv, keepv := archsimd.BroadcastFloat32x8(-lr), archsimd.BroadcastFloat32x8(keep)
	c1v, c2v := archsimd.BroadcastFloat32x8(c1), archsimd.BroadcastFloat32x8(c2)
	hi, lo := archsimd.BroadcastFloat32x8(clip), archsimd.BroadcastFloat32x8(-clip)
	m, v, g = m[:len(w)], v[:len(w)], g[:len(w)]
	for i := 0; i+8 <= len(w); i += 8 {
		gi := archsimd.LoadFloat32x8(v8(g, i))
		gi = gi.Masked(gi.Max(zero.Sub(gi)).Greater(minGrad))
		mi := gi.MulAdd(nb1, archsimd.LoadFloat32x8(v8(m, i)).Mul(b1))
		mi = mi.Masked(mi.Max(zero.Sub(mi)).Greater(minMoment))
		vi := gi.Mul(gi).MulAdd(nb2, archsimd.LoadFloat32x8(v8(v, i)).Mul(b2))
		vi = vi.Masked(vi.Greater(minMoment))
		mi.Store(v8(m, i))
		vi.Store(v8(v, i))
		step := mi.Mul(c1v).Div(vi.Mul(c2v).Sqrt().Add(eps))
		wi := step.MulAdd(lrv, archsimd.LoadFloat32x8(v8(w, i)).Mul(keepv))
		wi.Max(lo).Min(hi).Store(v8(w, i))
	}
}

func v8(s []float32, i int) *[8]float32 { return (*[8]float32)(s[i : i+8]) }

// block is 64 floats, eight registers' worth; lane8 is register i of it.
type block = [64]float32

func blockAt(s []float32, i int) *block { return (*block)(s[i : i+64]) }

func lane8(b *block, i int) *[8]float32 { return (*[8]float32)(b[i : i+8]) }

// avxAccumulate keeps 64 of the accumulator's floats in eight registers
// while it adds every feature's row to them, so the accumulator is loaded
// and stored once a block, not once a feature.
func avxAccumulate(acc, bias []float32, w []float32, feats []uint16) {
	for blk := 0; blk < len(acc); blk += 64 {
		b := blockAt(bias, blk)
		a0 := archsimd.LoadFloat32x8(lane8(b, 0))
		a1 := archsimd.LoadFloat32x8(lane8(b, 8))
		a2 := archsimd.LoadFloat32x8(lane8(b, 16))
		a3 := archsimd.LoadFloat32x8(lane8(b, 24))
		a4 := archsimd.LoadFloat32x8(lane8(b, 32))
		a5 := archsimd.LoadFloat32x8(lane8(b, 40))
		a6 := archsimd.LoadFloat32x8(lane8(b, 48))
		a7 := archsimd.LoadFloat32x8(lane8(b, 56))
		for _, f := range feats {
			r := blockAt(w, int(f)*len(acc)+blk)
			a0 = a0.Add(archsimd.LoadFloat32x8(lane8(r, 0)))
			a1 = a1.Add(archsimd.LoadFloat32x8(lane8(r, 8)))
			a2 = a2.Add(archsimd.LoadFloat32x8(lane8(r, 16)))
			a3 = a3.Add(archsimd.LoadFloat32x8(lane8(r, 24)))
			a4 = a4.Add(archsimd.LoadFloat32x8(lane8(r, 32)))
			a5 = a5.Add(archsimd.LoadFloat32x8(lane8(r, 40)))
			a6 = a6.Add(archsimd.LoadFloat32x8(lane8(r, 48)))
			a7 = a7.Add(archsimd.LoadFloat32x8(lane8(r, 56)))
		}
		o := blockAt(acc, blk)
		a0.Store(lane8(o, 0))
		a1.Store(lane8(o, 8))
		a2.Store(lane8(o, 16))
		a3.Store(lane8(o, 24))
		a4.Store(lane8(o, 32))
		a5.Store(lane8(o, 40))
		a6.Store(lane8(o, 48))
		a7.Store(lane8(o, 56))
	}
}

// avxScatter holds 64 floats of d in registers while it adds them to
// every feature's gradient row.
func avxScatter(g []float32, d []float32, feats []uint16) {
	for blk := 0; blk < len(d); blk += 64 {
		b := blockAt(d, blk)
		d0 := archsimd.LoadFloat32x8(lane8(b, 0))
		d1 := archsimd.LoadFloat32x8(lane8(b, 8))
		d2 := archsimd.LoadFloat32x8(lane8(b, 16))
		d3 := archsimd.LoadFloat32x8(lane8(b, 24))
		d4 := archsimd.LoadFloat32x8(lane8(b, 32))
		d5 := archsimd.LoadFloat32x8(lane8(b, 40))
		d6 := archsimd.LoadFloat32x8(lane8(b, 48))
		d7 := archsimd.LoadFloat32x8(lane8(b, 56))
		for _, f := range feats {
			r := blockAt(g, int(f)*len(d)+blk)
			archsimd.LoadFloat32x8(lane8(r, 0)).Add(d0).Store(lane8(r, 0))
			archsimd.LoadFloat32x8(lane8(r, 8)).Add(d1).Store(lane8(r, 8))
			archsimd.LoadFloat32x8(lane8(r, 16)).Add(d2).Store(lane8(r, 16))
			archsimd.LoadFloat32x8(lane8(r, 24)).Add(d3).Store(lane8(r, 24))
			archsimd.LoadFloat32x8(lane8(r, 32)).Add(d4).Store(lane8(r, 32))
			archsimd.LoadFloat32x8(lane8(r, 40)).Add(d5).Store(lane8(r, 40))
			archsimd.LoadFloat32x8(lane8(r, 48)).Add(d6).Store(lane8(r, 48))
			archsimd.LoadFloat32x8(lane8(r, 56)).Add(d7).Store(lane8(r, 56))
		}
	}
}

func avxAddRow2(dst, a, b []float32) {
	for i := 0; i+8 <= len(dst); i += 8 {
		x := archsimd.LoadFloat32x8(v8(dst, i))
		y := archsimd.LoadFloat32x8(v8(a, i)).Add(archsimd.LoadFloat32x8(v8(b, i)))
		x.Add(y).Store(v8(dst, i))
	}
}

// avxScreluDot sums clamp(acc)^2*w in eight lanes, two chains deep, then
// adds the lanes.
func avxScreluDot(acc, w []float32) float32 {
	var zero archsimd.Float32x8
	one := archsimd.BroadcastFloat32x8(1)
	var s0, s1 archsimd.Float32x8
	for i := 0; i+16 <= len(acc); i += 16 {
		c0 := archsimd.LoadFloat32x8(v8(acc, i)).Max(zero).Min(one)
		c1 := archsimd.LoadFloat32x8(v8(acc, i+8)).Max(zero).Min(one)
		s0 = c0.Mul(c0).MulAdd(archsimd.LoadFloat32x8(v8(w, i)), s0)
		s1 = c1.Mul(c1).MulAdd(archsimd.LoadFloat32x8(v8(w, i+8)), s1)
	}
	var lanes [8]float32
	s0.Add(s1).Store(&lanes)
	// The lanes' sum below is scalar code (see accumulate).
	archsimd.ClearAVXUpperBits()
	return ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]))
}

// avxScreluBackward: the clamped value is the accumulator inside (0, 1)
// and zero below, so 2g*w*clamp is the gradient but above 1, where the
// mask clears it.
func avxScreluBackward(acc, w, gw, d []float32, g float32) {
	var zero archsimd.Float32x8
	one := archsimd.BroadcastFloat32x8(1)
	gv, g2 := archsimd.BroadcastFloat32x8(g), archsimd.BroadcastFloat32x8(2*g)
	for i := 0; i+8 <= len(acc); i += 8 {
		a := archsimd.LoadFloat32x8(v8(acc, i))
		c := a.Max(zero).Min(one)
		gc := gv.Mul(c)
		gc.MulAdd(c, archsimd.LoadFloat32x8(v8(gw, i))).Store(v8(gw, i))
		g2.Mul(archsimd.LoadFloat32x8(v8(w, i))).Mul(c).Masked(a.Less(one)).Store(v8(d, i))
	}
}
