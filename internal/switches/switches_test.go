package switches

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

type config struct {
	UseA, UseB bool
	Other      bool
	UseCount   int
}

func isUse(name string) bool { return strings.HasPrefix(name, "Use") }

func TestNames(t *testing.T) {
	got := Names(reflect.TypeOf(config{}), isUse)
	if want := []string{"UseA", "UseB"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names = %v, want %v (bool fields the filter accepts, in order)", got, want)
	}
}

func TestApply(t *testing.T) {
	c := config{UseB: true}
	if err := Apply(&c, " +UseA , -UseB,, ", "test", isUse); err != nil {
		t.Fatal(err)
	}
	if !c.UseA || c.UseB {
		t.Errorf("after +UseA,-UseB: %+v", c)
	}
	if err := Apply(&c, "UseB", "test", isUse); err != nil || !c.UseB {
		t.Errorf("a bare name turns it on: %+v, %v", c, err)
	}
	for _, bad := range []string{"UseC", "Other", "UseCount", "-", "+"} {
		before := c
		err := Apply(&c, bad, "test", isUse)
		if err == nil || !strings.Contains(err.Error(), "unknown test switch") || !strings.Contains(err.Error(), "UseA, UseB") {
			t.Errorf("%q: error %v, want an unknown test switch listing UseA, UseB", bad, err)
		}
		if c != before {
			t.Errorf("%q changed the configuration: %+v", bad, c)
		}
	}
}

// A front end names the bad switch from the error's fields.
func TestUnknownError(t *testing.T) {
	var c config
	err := Apply(&c, "+UseA,-Nope", "test", isUse)
	var unknown *UnknownError
	if !errors.As(err, &unknown) || unknown.Name != "Nope" || unknown.Kind != "test" ||
		!reflect.DeepEqual(unknown.Known, []string{"UseA", "UseB"}) {
		t.Errorf("-Nope: %#v", err)
	}
}
