package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"

	fastchesselo "matador/tools/internal/elo"
)

// state is the part of fastchess's saved state (config.json) a record
// takes: the time control, the SPRT's bounds and the counts.
type state struct {
	SPRT struct {
		Elo0    float64 `json:"elo0"`
		Elo1    float64 `json:"elo1"`
		Enabled bool    `json:"enabled"`
	} `json:"sprt"`
	Engines []struct {
		Limit struct {
			TC struct {
				Time      int `json:"time"`
				Increment int `json:"increment"`
				FixedTime int `json:"fixed_time"`
			} `json:"tc"`
		} `json:"limit"`
	} `json:"engines"`
	Stats map[string]map[string]int `json:"stats"`
}

// FromState fills a record's counts, time control and bounds from
// fastchess's saved state, and its figures from the run's log (the last
// Elo, LLR and verdict fastchess printed); without a log, the Elo is
// computed from the pentanomial as fastchess computes it.
func FromState(r *Record, config, log []byte) error {
	var s state
	if err := json.Unmarshal(config, &s); err != nil {
		return fmt.Errorf("fastchess state: %v", err)
	}
	if len(s.Stats) != 1 {
		return fmt.Errorf("fastchess state: %d pairings, want 1", len(s.Stats))
	}
	for _, st := range s.Stats {
		r.Wins, r.Losses, r.Draws = st["wins"], st["losses"], st["draws"]
		r.Penta = []int{st["penta_LL"], st["penta_LD"], st["penta_DD"] + st["penta_WL"], st["penta_WD"], st["penta_WW"]}
	}
	r.Games = r.Wins + r.Losses + r.Draws
	if len(s.Engines) > 0 {
		tc := s.Engines[0].Limit.TC
		if tc.FixedTime > 0 {
			r.TC = "st=" + seconds(tc.FixedTime)
		} else {
			r.TC = seconds(tc.Time) + "+" + seconds(tc.Increment)
		}
	}
	if s.SPRT.Enabled {
		r.Kind = "sprt"
		r.Bounds = []json.Number{number(s.SPRT.Elo0), number(s.SPRT.Elo1)}
		if r.Result == "" {
			r.Result = "undecided"
		}
	}
	r.Elo, r.Err, r.EloText = "", "", ""
	if e, err, ok := lastElo(string(log)); ok {
		r.Elo, r.Err = e, err
	} else {
		e, half := pentaElo(r.Penta)
		if math.IsInf(e, 0) || math.IsNaN(e) {
			r.EloText = "no finite Elo"
		} else {
			r.Elo, r.Err = json.Number(fmt.Sprintf("%.1f", e)), json.Number(fmt.Sprintf("%.1f", half))
		}
	}
	if m := llrLine.FindAllStringSubmatch(string(log), -1); len(m) > 0 {
		r.LLR = json.Number(m[len(m)-1][1])
	}
	switch {
	case strings.Contains(string(log), "H1 was accepted"):
		r.Result = "H1"
	case strings.Contains(string(log), "H0 was accepted"):
		r.Result = "H0"
	}
	return nil
}

var (
	eloLine = regexp.MustCompile(`\bElo: (-?[0-9.]+|-?inf) \+/- ([0-9.]+|inf|nan)`)
	llrLine = regexp.MustCompile(`LLR: (-?[0-9]+\.[0-9]+)`)
)

// lastElo is the last Elo line of a fastchess log, to one decimal.
func lastElo(log string) (elo, half json.Number, ok bool) {
	m := eloLine.FindAllStringSubmatch(log, -1)
	if len(m) == 0 {
		return "", "", false
	}
	last := m[len(m)-1]
	e, err1 := strconv.ParseFloat(last[1], 64)
	h, err2 := strconv.ParseFloat(last[2], 64)
	if err1 != nil || err2 != nil || math.IsInf(e, 0) || math.IsNaN(h) {
		return "", "", false
	}
	return json.Number(fmt.Sprintf("%.1f", e)), json.Number(fmt.Sprintf("%.1f", h)), true
}

func seconds(ms int) string { return strconv.FormatFloat(float64(ms)/1000, 'f', -1, 64) }

func number(x float64) json.Number { return json.Number(strconv.FormatFloat(x, 'f', -1, 64)) }

// pentaElo is fastchess's pentanomial Elo and the half-width of its 95%
// interval (elo.Stats); NaN for no pairs.
func pentaElo(p []int) (e, half float64) {
	var pp fastchesselo.Penta
	copy(pp[:], p)
	r := fastchesselo.Stats(pp)
	if r.Pairs == 0 {
		return math.NaN(), math.NaN()
	}
	return r.Elo, r.EloErr
}

// Marshal is the record as its ledger file holds it.
func (r Record) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// readOptional is a file's bytes, or nil where there is no file.
func readOptional(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	return b, err
}
