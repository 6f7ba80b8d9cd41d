package main

import (
	"math"
	"testing"
)

func TestFormatSignedZero(t *testing.T) {
	for _, v := range []struct {
		x    float64
		want string
	}{
		{math.Copysign(0, -1), "0.0"},
		{-0.04, "0.0"},
		{0.04, "0.0"},
		{-0.05, "-0.1"},
		{0.06, "+0.1"},
		{12.34, "+12.3"},
		{-6.08, "-6.1"},
		{math.Inf(1), "+inf"},
	} {
		if got := formatSigned(v.x); got != v.want {
			t.Errorf("formatSigned(%v) = %q, want %q", v.x, got, v.want)
		}
	}
}
