package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
)

// Chart geometry, in SVG user units (pixels).
const (
	chartWidth  = 1000
	labelRight  = 270 // labels end here
	plotLeft    = 285
	plotRight   = 760
	valueLeft   = 775 // the figures to the right of the plot
	rowHeight   = 20
	groupHeight = 30
	chartTop    = 70
	chartBottom = 60
)

func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// axisRange is the Elo range the chart shows: every measured interval
// and zero, at least -20 to +20, rounded out to a tick step.
func axisRange(ms []Measured) (lo, hi, step float64) {
	lo, hi = -20, 20
	for _, m := range ms {
		if !m.Res.Finite() {
			continue
		}
		for _, x := range []float64{m.Res.Elo, m.Res.Lower, m.Res.Upper} {
			if !math.IsInf(x, 0) && !math.IsNaN(x) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	for _, s := range []float64{5, 10, 20, 25, 50, 100, 200, 250, 500} {
		step = s
		if (hi-lo)/s <= 10 {
			break
		}
	}
	return math.Floor(lo/step) * step, math.Ceil(hi/step) * step, step
}

// WriteSVG draws the rows: for each technique its Elo as a bar from zero
// with its 95% interval as an error bar, grouped by source (a seed, or
// "not in the seeds") and sorted by worth within a group. Rows not yet
// played get a label and no bar.
func WriteSVG(w io.Writer, ms []Measured, title string) {
	sortMeasured(ms)
	lo, hi, step := axisRange(ms)
	x := func(elo float64) float64 {
		elo = math.Max(lo, math.Min(hi, elo))
		return plotLeft + (elo-lo)/(hi-lo)*(plotRight-plotLeft)
	}
	// Layout: a header per group, a line per row.
	type line struct {
		y     float64
		group string
		m     *Measured
	}
	var lines []line
	y := float64(chartTop)
	group := ""
	for i := range ms {
		if ms[i].Group != group {
			group = ms[i].Group
			y += groupHeight
			lines = append(lines, line{y: y - 8, group: group})
		}
		y += rowHeight
		lines = append(lines, line{y: y - rowHeight/2, m: &ms[i]})
	}
	plotBottom := y + 10
	height := plotBottom + chartBottom

	fmt.Fprintf(w, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%.0f" viewBox="0 0 %d %.0f" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">
`, chartWidth, height, chartWidth, height)
	fmt.Fprintf(w, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%.0f\" fill=\"white\"/>\n", chartWidth, height)
	fmt.Fprintf(w, "<text x=\"%d\" y=\"24\" font-size=\"16\" font-weight=\"bold\">%s</text>\n", 20, esc(title))
	fmt.Fprintf(w, "<text x=\"%d\" y=\"44\" fill=\"#444\">%s</text>\n", 20,
		esc("Elo of the build with the technique on against the same binary with it off; bar: Elo, whiskers: 95% interval. [off]: off by default, the row measures turning it on."))

	// Grid and axis labels, at the top and the bottom of the plot.
	for t := lo; t <= hi+1e-9; t += step {
		xt := x(t)
		stroke, dash := "#ddd", ` stroke-dasharray="3,3"`
		if t == 0 {
			stroke, dash = "#333", ""
		}
		fmt.Fprintf(w, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>\n", xt, chartTop, xt, plotBottom, stroke, dash)
		for _, yt := range []float64{chartTop - 6, plotBottom + 16} {
			fmt.Fprintf(w, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#444\">%s</text>\n", xt, yt, esc(fmt.Sprintf("%+g", t)))
		}
	}
	fmt.Fprintf(w, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#444\">Elo (on − off)</text>\n", (plotLeft+plotRight)/2.0, plotBottom+36)

	for _, l := range lines {
		if l.m == nil {
			fmt.Fprintf(w, "<text x=\"%d\" y=\"%.1f\" font-size=\"14\" font-weight=\"bold\">%s</text>\n", 20, l.y, esc(l.group))
			fmt.Fprintf(w, "<line x1=\"20\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#999\"/>\n", l.y+4, chartWidth-20, l.y+4)
			continue
		}
		m := l.m
		label := m.Name
		if !m.Playable() {
			label += " [removed]"
		} else if !m.Default {
			label += " [off]"
		}
		fmt.Fprintf(w, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>\n", labelRight, l.y, esc(label))
		if m.Tally.Games == 0 {
			fmt.Fprintf(w, "<text x=\"%d\" y=\"%.1f\" dominant-baseline=\"middle\" fill=\"#888\">not played</text>\n", plotLeft+6, l.y)
			continue
		}
		r := m.Res
		x0, x1 := x(0), x(r.Elo)
		if math.IsNaN(x1) {
			x1 = x0
		}
		fill := "#4a9a5b"
		if r.Elo < 0 {
			fill = "#c0504d"
		}
		opacity := "1"
		if !(r.Lower > 0 || r.Upper < 0) {
			opacity = "0.45" // the interval holds zero
		}
		fmt.Fprintf(w, "<rect class=\"bar\" data-switch=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"12\" fill=\"%s\" fill-opacity=\"%s\"/>\n",
			esc(m.Name), math.Min(x0, x1), l.y-6, math.Abs(x1-x0), fill, opacity)
		if r.HasError() {
			xl, xu := x(r.Lower), x(r.Upper)
			fmt.Fprintf(w, "<g class=\"err\" stroke=\"#222\" stroke-width=\"1.3\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/></g>\n",
				xl, l.y, xu, l.y, xl, l.y-5, xl, l.y+5, xu, l.y-5, xu, l.y+5)
		}
		fmt.Fprintf(w, "<text x=\"%d\" y=\"%.1f\" dominant-baseline=\"middle\">%s</text>\n", valueLeft, l.y,
			esc(fmt.Sprintf("%s (%d games)", formatElo(r), m.Tally.Games)))
	}
	fmt.Fprintln(w, "</svg>")
}
