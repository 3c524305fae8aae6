package chatbot

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// evalCase is one line of testdata/eval.tsv: a client's message and the
// intents that answer it right.
type evalCase struct {
	want []Intent
	text string
}

func readEval(t *testing.T) []evalCase {
	t.Helper()
	f, err := os.Open("testdata/eval.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []evalCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		want, text, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("no tab in %q", line)
		}
		var c evalCase
		for _, w := range strings.Split(want, "|") {
			c.want = append(c.want, Intent(w))
		}
		c.text = text
		out = append(out, c)
	}
	return out
}

// TestEvaluation runs the evaluation set (testdata/eval.tsv, messages as
// clients write them): at least 95 % answered with a right intent, and no
// after-sale message answered with a sale.
func TestEvaluation(t *testing.T) {
	e := New(testCompany())
	cases := readEval(t)
	right := 0
	for _, c := range cases {
		got := e.Detect(c.text)
		ok := false
		after := false
		for _, w := range c.want {
			ok = ok || got == w
			after = after || IsAfterSale(w)
		}
		if ok {
			right++
			continue
		}
		t.Logf("%-12s want %v: %q", got, c.want, c.text)
		if after && IsSale(got) {
			t.Errorf("after-sale message answered with a sale (%s): %q", got, c.text)
		}
	}
	share := float64(right) / float64(len(cases))
	t.Logf("%d/%d right (%.1f %%)", right, len(cases), 100*share)
	if share < 0.95 {
		t.Errorf("%.1f %% right, want at least 95 %%", 100*share)
	}
}
