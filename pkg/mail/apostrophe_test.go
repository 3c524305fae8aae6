package mail

import (
	"html"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// straightApostrophe is an elision written with the typewriter ' (U+0027)
// where French typography wants ’ (U+2019): « l'assureur ».
var straightApostrophe = regexp.MustCompile(`\p{L}'\p{L}`)

// TestNoticesUseTypographicApostrophe writes every notice of the samples
// and reads its subject, its text part and its HTML part (entities
// decoded): none may write an elision with a straight apostrophe. What
// staff or clients typed keeps its ' in a real mail; here the samples'
// strings have theirs turned into ’ first, so every ' left comes from the
// notices themselves.
func TestNoticesUseTypographicApostrophe(t *testing.T) {
	f := newFixture(t)
	for _, s := range samples {
		f.record(t, s.kind, "sample", curlyStrings(s.payload))
	}
	f.dispatch(t)
	mails := f.all(t)
	if len(mails) != len(samples) {
		t.Fatalf("%d mails for %d samples", len(mails), len(samples))
	}
	for _, m := range mails {
		for part, text := range map[string]string{"subject": m.Subject, "text": m.Text, "HTML": html.UnescapeString(m.HTML)} {
			for _, loc := range straightApostrophe.FindAllStringIndex(text, -1) {
				t.Errorf("%s, %s: %q has a straight apostrophe", m.Template, part, text[max(0, loc[0]-20):min(len(text), loc[1]+20)])
			}
		}
	}
}

// curlyStrings returns a copy of v (a payload struct) whose strings, in
// nested structs and slices too, have every ' turned into ’.
func curlyStrings(v any) any {
	out := reflect.New(reflect.TypeOf(v)).Elem()
	out.Set(reflect.ValueOf(v))
	curlyValue(out)
	return out.Interface()
}

func curlyValue(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		if v.CanSet() {
			v.SetString(strings.ReplaceAll(v.String(), "'", "’"))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				curlyValue(v.Field(i))
			}
		}
	case reflect.Slice:
		if v.IsNil() || !v.CanSet() {
			return
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		for i := range c.Len() {
			curlyValue(c.Index(i))
		}
		v.Set(c)
	}
}
