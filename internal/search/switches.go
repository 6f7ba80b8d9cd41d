package search

import (
	"fmt"
	"reflect"
	"strings"
)

// ApplySwitchSpec turns techniques on or off by name, for measuring what
// each is worth: "-NullMove,-LMR,+RecaptureExt". Names are the fields of
// Switches. It is used once at start-up, never on a hot path.
func ApplySwitchSpec(sw *Switches, spec string) error {
	v := reflect.ValueOf(sw).Elem()
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
		if !f.IsValid() || f.Kind() != reflect.Bool {
			return fmt.Errorf("unknown search switch %q (known: %s)", item, strings.Join(SwitchNames(), ", "))
		}
		f.SetBool(on)
	}
	return nil
}

// SwitchNames lists the technique switches.
func SwitchNames() []string {
	t := reflect.TypeOf(Switches{})
	names := make([]string, t.NumField())
	for i := range names {
		names[i] = t.Field(i).Name
	}
	return names
}
