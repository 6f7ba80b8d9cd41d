// Package switches reads the specs that turn Matador's techniques on and
// off by name, "-NullMove,+RecaptureExt": the search's Switches and the
// evaluation's Use... fields alike. It is used at start-up and by tools,
// never on a hot path, so it may use reflection.
package switches

import (
	"fmt"
	"reflect"
	"strings"
)

// Names lists the bool fields of the struct type t that isSwitch accepts,
// in their order.
func Names(t reflect.Type, isSwitch func(name string) bool) []string {
	var names []string
	for i := range t.NumField() {
		if f := t.Field(i); f.Type.Kind() == reflect.Bool && isSwitch(f.Name) {
			names = append(names, f.Name)
		}
	}
	return names
}

// UnknownError is Apply's error for a name that is not a switch: a
// front end names the bad switch in its own words, without the whole list.
type UnknownError struct {
	Kind  string   // whose switches: "search", "evaluation"
	Name  string   // the name as given, without its sign
	Known []string // the switches there are
}

func (e *UnknownError) Error() string {
	return fmt.Sprintf("unknown %s switch %q (known: %s)", e.Kind, e.Name, strings.Join(e.Known, ", "))
}

// Apply sets the switches that spec names in the struct target points to:
// comma-separated names, each turned on, or off with a leading '-' (a
// leading '+' is allowed). A name that is not a switch is an error that
// lists the known ones, kind saying whose they are ("search").
func Apply(target any, spec, kind string, isSwitch func(name string) bool) error {
	v := reflect.ValueOf(target).Elem()
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
		if !f.IsValid() || f.Kind() != reflect.Bool || !isSwitch(item) {
			return &UnknownError{Kind: kind, Name: item, Known: Names(v.Type(), isSwitch)}
		}
		f.SetBool(on)
	}
	return nil
}
