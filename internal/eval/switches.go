package eval

import (
	"fmt"
	"reflect"
	"strings"
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
	v := reflect.ValueOf(p).Elem()
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		on := true
		switch item[0] {
		case '-':
			on, item = false, item[1:]
		case '+':
			item = item[1:]
		}
		f := v.FieldByName(item)
		if !strings.HasPrefix(item, "Use") || !f.IsValid() || f.Kind() != reflect.Bool {
			return fmt.Errorf("unknown evaluation switch %q (known: %s)", item, strings.Join(SwitchNames(), ", "))
		}
		f.SetBool(on)
	}
	return nil
}

// SwitchNames lists the evaluation's switches.
func SwitchNames() []string {
	var names []string
	t := reflect.TypeOf(Params{})
	for i := range t.NumField() {
		if f := t.Field(i); strings.HasPrefix(f.Name, "Use") && f.Type.Kind() == reflect.Bool {
			names = append(names, f.Name)
		}
	}
	return names
}

// NewTerms are the switches of issue 11's terms, which the tuner turns on
// in its own configuration so that their weights get fitted.
const NewTerms = "+UseSpace,+UseComplexity,+UseThreatsByType,+UseKingDangerModel,+UseBishopShape,+UsePieceActivity"
