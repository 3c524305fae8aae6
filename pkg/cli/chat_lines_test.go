package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"courtier/pkg/chat"
	"courtier/pkg/company"
)

// linesBeforeQuit counts the lines of input a REPL reads before exit or quit.
func linesBeforeQuit(input string) int {
	n := 0
	for _, l := range strings.SplitAfter(input, "\n") {
		if l == "" {
			break
		}
		if cmd := strings.ToLower(strings.TrimSpace(l)); cmd == "exit" || cmd == "quit" {
			break
		}
		n++
	}
	return n
}

// TestChatJSONOneLinePerLine: with --json every line read gets one line
// out, a reply or an error, so a script can pair them by position.
func TestChatJSONOneLinePerLine(t *testing.T) {
	inputs, _ := filepath.Glob(filepath.Join("testdata", "chat", "*.in"))
	cases := map[string]string{
		"blank":       "\n",
		"spaces":      "  \t \n",
		"NBSP, ZWSP":  "\u00a0\u200b\n",
		"too long":    strings.Repeat("é", chat.MaxMessageLen+1) + "\n",
		"bidi":        "abc\u202edef\n",
		"controls":    "\x00\x1b\n",
		"invalid":     "bon\xffjour\n",
		"no newline":  "merci",
		"CRLF":        "merci\r\n\r\n",
		"mixed":       "merci\n\nmerci\n\u202e\nmerci\n",
		"after exit":  "merci\nexit\nmerci\n",
		"empty input": "",
	}
	for _, in := range inputs {
		if !strings.HasSuffix(in, "-text.in") {
			b, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			cases[filepath.Base(in)] = string(b)
		}
	}
	for name, input := range cases {
		t.Run(name, func(t *testing.T) {
			out, errOut, code := runChat(t, input, "--json")
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			lines := strings.SplitAfter(out, "\n")
			lines = lines[:len(lines)-1] // after the last "\n"
			if want := linesBeforeQuit(input); len(lines) != want {
				t.Fatalf("%d lines out for %d lines in:\n%s", len(lines), want, out)
			}
			for _, l := range lines {
				var raw map[string]any
				if err := json.Unmarshal([]byte(l), &raw); err != nil {
					t.Fatalf("line %q: %v", l, err)
				}
				_, isErr := raw["error"]
				if isErr && (len(raw) != 1 || !strings.HasSuffix(raw["error"].(string), ".")) || !isErr && len(raw) != 3 {
					t.Errorf("line %q is neither {intent, suggestsAgent, reply} nor {error}", l)
				}
			}
		})
	}
}

// TestChatTextRefusals: without --json, refused lines get the website's
// message on standard error and blank ones are skipped.
func TestChatTextRefusals(t *testing.T) {
	tests := []struct {
		input, errOut string
	}{
		{"\n  \n\u00a0\u200b\n", ""},
		{"abc\u202edef\n", "Votre message contient des caractères non autorisés.\n"},
		{strings.Repeat("a", chat.MaxMessageLen+1) + "\n", "Votre message dépasse 1\u00a0000 caractères\u00a0: raccourcissez-le.\n"},
		{"\x00\n", "Écrivez un message avant de l’envoyer.\n"},
	}
	for _, tt := range tests {
		out, errOut, code := runChat(t, tt.input)
		if code != 0 || out != "" || errOut != tt.errOut {
			t.Errorf("%q: exit %d, out %q, err %q; want err %q", tt.input, code, out, errOut, tt.errOut)
		}
	}
}

// TestChatCtrlCOnATerminal: in raw mode Ctrl-C is a key, which the line
// editor reports as the end of input; the REPL tells it from Ctrl-D.
func TestChatCtrlCOnATerminal(t *testing.T) {
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		keys string
		want error
	}{
		{"merci\r\x03", ErrInterrupted},
		{"merci\rmai\x03", ErrInterrupted},
		{"\x03merci\r", ErrInterrupted},
		{"merci\r\x04", nil},
		{"merci\rquit\r", nil},
	}
	for _, tt := range tests {
		tty := &fakeTTY{in: strings.NewReader(tt.keys)}
		r := &repl{engine: chat.NewEngine(p), name: p.Name}
		err := r.onTerminal(context.Background(), tty, tty, 0, 0)
		if !errors.Is(err, tt.want) && err != tt.want {
			t.Errorf("%q: %v, want %v", tt.keys, err, tt.want)
		}
		shown := tty.out.String()
		if !strings.HasPrefix(shown, "Discussion avec l’assistant d’Horizon Courtage. Pour sortir\u00a0: exit, quit ou Ctrl-D.\r\n") {
			t.Errorf("%q: the greeting is not the French one: %q", tt.keys, shown)
		}
		if !strings.HasPrefix(tt.keys, "\x03") && !strings.Contains(shown, "Intention\u00a0: remerciement\r\n") {
			t.Errorf("%q: no reply shown: %q", tt.keys, shown)
		}
		if ended := strings.HasSuffix(shown, "> \r\n"); ended != !strings.HasSuffix(tt.keys, "quit\r") {
			t.Errorf("%q: the prompt's line is not ended once: %q", tt.keys, shown)
		}
	}
}

// TestChatInterruptedWhileReading: SIGINT ends the context while the
// REPL waits for a line that does not come.
func TestChatInterruptedWhileReading(t *testing.T) {
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	defer inW.Close()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	r := &repl{engine: chat.NewEngine(p), json: true, out: outW, errOut: io.Discard}
	done := make(chan error, 1)
	go func() { done <- r.loop(ctx, &pipeReader{bufio.NewReader(inR)}) }()
	fmt.Fprintln(inW, "merci")
	reply, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil || !strings.Contains(reply, `"intent":"thanks"`) {
		t.Fatalf("reply %q, %v", reply, err)
	}
	// The REPL now waits for a line that does not come.
	cancel()
	if err := <-done; !errors.Is(err, ErrInterrupted) {
		t.Fatalf("loop returned %v, want ErrInterrupted", err)
	}
}

func TestExitCodeOfAnInterruption(t *testing.T) {
	for _, err := range []error{ErrInterrupted, fmt.Errorf("chat: %w", ErrInterrupted)} {
		if got := ExitCode(err); got != 130 {
			t.Errorf("ExitCode(%v) = %d, want 130", err, got)
		}
	}
}
