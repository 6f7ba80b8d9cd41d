package eval

import (
	"reflect"
	"strings"

	"matador/internal/switches"
)

// ApplySwitchSpec turns the evaluation's techniques on or off by name, for
// measuring what each is worth: "-UseThreats,+UseSpace". Names are the
// Use... fields of Params. With p nil it changes the engine's own
// configuration, which only start-up may do (MATADOR_EVAL_SWITCHES), before
// any evaluator exists.
func ApplySwitchSpec(p *Params, spec string) error {
	if p == nil {
		p = &defaultParams
	}
	return switches.Apply(p, spec, "evaluation", isEvalSwitch)
}

// builtinParams are defaultParams as compiled (their tables built), before
// start-up applies MATADOR_EVAL_SWITCHES to them: the base the EvalSwitches
// option's value is read against.
var builtinParams Params

// ParamsFromSpec returns a copy of the configuration as compiled with the
// switches of spec applied (see ApplySwitchSpec), for evaluators made with
// NewEvaluatorWith; an empty spec gives the configuration as compiled.
func ParamsFromSpec(spec string) (*Params, error) {
	p := builtinParams
	if err := switches.Apply(&p, spec, "evaluation", isEvalSwitch); err != nil {
		return nil, err
	}
	return &p, nil
}

// SwitchNames lists the evaluation's switches.
func SwitchNames() []string {
	return switches.Names(reflect.TypeOf(Params{}), isEvalSwitch)
}

// isEvalSwitch: the evaluation's switches are its Use... fields.
func isEvalSwitch(name string) bool { return strings.HasPrefix(name, "Use") }

// NewTerms are the switches of the terms added since the first fit: issue
// 11's, on in the engine since the fit on a million positions, and issue
// 28's, on since the fit on 7.2 million. The tuner sets all of them in its
// configuration, so that a params.go with any of them off gets their
// weights fitted too.
const NewTerms = "+UseSpace,+UseComplexity,+UseThreatsByType,+UseKingDangerModel,+UseBishopShape,+UsePieceActivity," +
	"+UseKingPawnCover,+UsePoorlyDefended,+UsePassedStacked,+UsePawnLead,+UseBackwardByRank,+UseSpacePieces," +
	"+UseImbalanceClasses,+UseScaleByPawns,+UsePassedSeveral"
