package sepa

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseReturns checks that no file makes ParseReturns panic, and that
// it always gives either returns that make sense or a refusal with a line
// of the file.
func FuzzParseReturns(f *testing.F) {
	files, err := filepath.Glob("testdata/*.xml")
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"",
		"<Document/>",
		"<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY a \"aaaa\">]>\n<Document/>",
		samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf></TxInfAndSts>"),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ParseReturns(bytes.NewReader(data))
		lines := bytes.Count(data, []byte("\n")) + 1
		if err != nil {
			var re *ReturnError
			if !errors.As(err, &re) {
				t.Fatalf("error without a line: %v", err)
			}
			if re.Line < 1 || re.Line > lines || re.Message == "" {
				t.Fatalf("refusal at line %d of %d: %q", re.Line, lines, re.Message)
			}
			if got != nil {
				t.Fatalf("returns %v given with a refusal", got)
			}
			return
		}
		for _, r := range got {
			switch {
			case r.Line < 1 || r.Line > lines:
				t.Fatalf("return at line %d of %d", r.Line, lines)
			case !txStatuses[r.Status]:
				t.Fatalf("return with status %q", r.Status)
			case r.Rejected() && r.ReasonLabel == "":
				t.Fatalf("rejected return without a reason label: %+v", r)
			case r.AmountCents < 0 || r.AmountCents > maxAmountCents:
				t.Fatalf("return of %d cents", r.AmountCents)
			case r.Reason != "" && r.ReasonLabel == "":
				t.Fatalf("reason %q without its label", r.Reason)
			}
		}
	})
}
