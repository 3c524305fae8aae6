package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/term"

	"courtier/pkg/chat"
	"courtier/pkg/chatbot"
	"courtier/pkg/company"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/ from the current output")

// runChat runs `courtier chat args...` over input through the root command.
func runChat(t *testing.T, input string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(append([]string{"chat"}, args...), env(nil), strings.NewReader(input), &out, &errOut)
	return out.String(), errOut.String(), code
}

// TestChatTranscripts runs every testdata/chat/*.in through `courtier chat`
// (--json unless the name ends in -text) and compares with its .golden
// file; `go test ./pkg/cli -run Transcripts -update` rewrites them.
func TestChatTranscripts(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "chat", "*.in"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		t.Run(name, func(t *testing.T) {
			input, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			var args []string
			if !strings.HasSuffix(name, "-text") {
				args = append(args, "--json")
			}
			out, errOut, code := runChat(t, string(input), args...)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			golden := strings.TrimSuffix(in, ".in") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if out != string(want) {
				t.Errorf("output differs from %s (run with -update to accept):\n%s", golden, out)
			}
		})
	}
}

// TestChatJSONLines checks the --json contract line by line, and that the
// transcripts show the context at work and its reset.
func TestChatJSONLines(t *testing.T) {
	input, err := os.ReadFile(filepath.Join("testdata", "chat", "reset.in"))
	if err != nil {
		t.Fatal(err)
	}
	out, _, _ := runChat(t, string(input), "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 12 {
		t.Fatalf("%d lines for 12 messages:\n%s", len(lines), out)
	}
	var got []chatLine
	for _, l := range lines {
		var raw map[string]any
		if err := json.Unmarshal([]byte(l), &raw); err != nil || len(raw) != 3 {
			t.Fatalf("line %q is not {intent, suggestsAgent, reply}", l)
		}
		var cl chatLine
		json.Unmarshal([]byte(l), &cl)
		got = append(got, cl)
	}
	for i, want := range []bool{true, true, false} { // entries 10 and 11 know the product, 12 does not
		if has := strings.Contains(got[9+i].Reply, "assurance habitation"); has != want || got[9+i].Intent != chatbot.Pricing {
			t.Errorf("entry %d: %+v, knows the product %v, want %v", 10+i, got[9+i], has, want)
		}
	}
}

func TestChatCommandLine(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		input  string
		code   int
		outHas string
		errHas string
	}{
		{name: "help", args: []string{"--help"}, code: 0, outHas: "--json"},
		{name: "no arguments", args: []string{"bonjour"}, code: 2, errHas: "unknown command"},
		{name: "unknown flag", args: []string{"--yaml"}, code: 2, errHas: "unknown flag"},
		{name: "empty input", code: 0},
		{name: "exit in capitals", input: "EXIT\nbonjour\n", code: 0},
		{name: "no newline at the end", input: "merci", code: 0, outHas: "Intention\u00a0: remerciement\n"},
		{name: "windows line endings", input: "merci\r\nbye\r\n", code: 0, outHas: "Intention\u00a0: au revoir\n"},
		{name: "too long a line", input: strings.Repeat("a", chat.MaxMessageLen+1) + "\nmerci\n", code: 0,
			outHas: "Intention\u00a0: remerciement\n", errHas: "raccourcissez-le"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runChat(t, tt.input, tt.args...)
			if code != tt.code || !strings.Contains(out, tt.outHas) || !strings.Contains(errOut, tt.errHas) {
				t.Errorf("exit %d out %q err %q; want %d, %q and %q", code, out, errOut, tt.code, tt.outHas, tt.errHas)
			}
			if tt.name == "exit in capitals" && out != "" {
				t.Errorf("a line after exit was answered: %q", out)
			}
		})
	}
}

func TestChatFlagsReachTheRun(t *testing.T) {
	var got *ChatOptions
	cmd := NewChatCommand(&Options{}, func(_ context.Context, o *ChatOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--json"})
	if err := cmd.Execute(); err != nil || got == nil || !got.JSON || got.In == nil || got.Out == nil {
		t.Fatalf("options %+v, err %v", got, err)
	}
}

// fakeTTY is a terminal's two ends: what the user types, what is shown.
type fakeTTY struct {
	in  *strings.Reader
	out bytes.Buffer
}

func (f *fakeTTY) Read(p []byte) (int, error)  { return f.in.Read(p) }
func (f *fakeTTY) Write(p []byte) (int, error) { return f.out.Write(p) }

// TestChatOnATerminal drives the REPL through golang.org/x/term's line
// editor as a terminal would: typed keys in, prompt and replies out.
func TestChatOnATerminal(t *testing.T) {
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	// "maisoon", Backspace twice, "n": line editing; then Ctrl-D on an empty line.
	tty := &fakeTTY{in: strings.NewReader("maisoon\x7f\x7fn\rmerci\r\x04")}
	tm := term.NewTerminal(tty, "> ")
	r := &repl{engine: chat.NewEngine(p), out: tm, errOut: tm}
	if err := r.loop(context.Background(), tm); err != nil {
		t.Fatal(err)
	}
	shown := tty.out.String()
	for _, want := range []string{"> ", "Intention\u00a0: habitation · propose un conseiller\r\n", "Intention\u00a0: remerciement\r\n"} {
		if !strings.Contains(shown, want) {
			t.Errorf("terminal lacks %q:\n%q", want, shown)
		}
	}
}

// TestChatTextIsFrench: what staff read in text mode is French, the
// intent by its French name, never the identifier or an English tag.
func TestChatTextIsFrench(t *testing.T) {
	tests := []struct{ input, want string }{
		{"maison\n", "Intention\u00a0: habitation · propose un conseiller\n"},
		{"merci\n", "Intention\u00a0: remerciement\n"},
		{"je veux parler à un conseiller\n", "Intention\u00a0: conseiller · propose un conseiller\n"},
		{"quel temps fait-il\n", "Intention\u00a0: non reconnue · propose un conseiller\n"},
		{"je veux résilier mon contrat\n", "Intention\u00a0: résiliation"},
	}
	for _, tt := range tests {
		out, errOut, code := runChat(t, tt.input)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, tt.want) {
			t.Errorf("%q: exit %d err %q out %q, want it to start with %q", tt.input, code, errOut, out, tt.want)
		}
		for _, english := range []string{"suggests", "agent)", "[" + "home]"} {
			if strings.Contains(out, english) {
				t.Errorf("%q: %q in %q", tt.input, english, out)
			}
		}
	}
}
