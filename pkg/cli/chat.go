package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"courtier/pkg/chat"
	"courtier/pkg/chatbot"
	"courtier/pkg/company"
	"courtier/pkg/input"
)

// ChatOptions are the flags and streams of `courtier chat`.
type ChatOptions struct {
	*Options
	JSON bool
	In   io.Reader
	Out  io.Writer
	// ErrOut gets the one-line refusals of bad lines and the banner.
	ErrOut io.Writer
}

// NewChatCommand builds `courtier chat`. runF replaces the run in tests of flag parsing.
func NewChatCommand(opts *Options, runF func(context.Context, *ChatOptions) error) *cobra.Command {
	co := &ChatOptions{Options: opts}
	cmd := &cobra.Command{
		Use:   "chat",
		Short: "Talk to the website's chatbot from the terminal",
		Long: "A REPL over the intent engine of the website's chat: one line in, the intent and\n" +
			"the reply out, with the same conversation context (it resets after more than\n" +
			"10 messages). Reads piped standard input too. exit, quit or Ctrl-D leave;\n" +
			"Ctrl-C leaves with exit code 130. With --json every line read gets one line\n" +
			"out, {\"error\": \"...\"} for a line the website would refuse.\n" +
			"Nothing is stored in the database.",
		Example: "  courtier chat\n" +
			"  printf 'Bonjour\\nCombien pour ma maison ?\\n' | courtier chat --json",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			co.In, co.Out, co.ErrOut = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			// Ctrl-C on piped input arrives as SIGINT: leave through the
			// REPL, which says so with the exit code 130.
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			if runF != nil {
				return runF(ctx, co)
			}
			return chatRun(ctx, co)
		},
	}
	cmd.Flags().BoolVar(&co.JSON, "json", false, `print one JSON object per line read: {"intent","suggestsAgent","reply"}, or {"error"} for a refused line`)
	return cmd
}

// lineReader is where the REPL reads lines: a terminal with line editing,
// or plain standard input.
type lineReader interface {
	ReadLine() (string, error)
}

func chatRun(ctx context.Context, o *ChatOptions) error {
	profile, err := company.Default()
	if err != nil {
		return err
	}
	r := &repl{engine: chat.NewEngine(profile), name: profile.Name, json: o.JSON, out: o.Out, errOut: o.ErrOut}
	in, inTTY := o.In.(*os.File)
	out, outTTY := o.Out.(*os.File)
	if inTTY && outTTY && term.IsTerminal(int(in.Fd())) && term.IsTerminal(int(out.Fd())) {
		return r.interactive(ctx, in, out)
	}
	return r.loop(ctx, &pipeReader{bufio.NewReader(o.In)})
}

// interactive runs the REPL on a terminal in raw mode, with a prompt,
// line editing and history (golang.org/x/term).
func (r *repl) interactive(ctx context.Context, in, out *os.File) error {
	fd := int(in.Fd())
	state, err := term.MakeRaw(fd)
	if err != nil {
		return fmt.Errorf("terminal\u00a0: %w", err)
	}
	defer term.Restore(fd, state) //nolint:errcheck // nothing better to do on the way out
	width, height, err := term.GetSize(int(out.Fd()))
	if err != nil {
		width, height = 0, 0
	}
	return r.onTerminal(ctx, in, out, width, height)
}

// onTerminal runs the REPL through the line editor over a terminal's
// input and output, already in raw mode.
func (r *repl) onTerminal(ctx context.Context, in io.Reader, out io.Writer, width, height int) error {
	keys := &ctrlCWatcher{r: in}
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{keys, out}, "> ")
	// A terminal that reports no size (0x0) keeps the editor's default of 80 columns.
	if width > 0 && height > 0 {
		t.SetSize(width, height) //nolint:errcheck // the default size still works
	}
	// In raw mode "\n" does not return the carriage: the terminal's
	// writer turns it into "\r\n".
	r.out, r.errOut = t, t
	fmt.Fprintln(t, banner(r.name))
	lines := &ttyReader{t: t, keys: keys}
	err := r.loop(ctx, lines)
	// Ctrl-C and Ctrl-D echo nothing: end the prompt's line for the shell.
	if err != nil || lines.ended.Load() {
		fmt.Fprint(out, "\r\n")
	}
	return err
}

// ctrlCWatcher passes a raw terminal's keys on and notes Ctrl-C, which
// the line editor reports as the end of input like Ctrl-D. (In raw mode
// the terminal sends the key, not SIGINT.)
type ctrlCWatcher struct {
	r    io.Reader
	seen atomic.Bool
}

func (w *ctrlCWatcher) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	if bytes.IndexByte(p[:n], 0x03) >= 0 {
		w.seen.Store(true)
	}
	return n, err
}

// ttyReader reads lines from the line editor; the end of input that
// Ctrl-C caused is an interruption.
type ttyReader struct {
	t    *term.Terminal
	keys *ctrlCWatcher
	// ended records Ctrl-C or Ctrl-D, left on the prompt's line.
	ended atomic.Bool
}

func (r *ttyReader) ReadLine() (string, error) {
	line, err := r.t.ReadLine()
	if errors.Is(err, io.EOF) {
		r.ended.Store(true)
		if r.keys.seen.Load() {
			return "", ErrInterrupted
		}
	}
	return line, err
}

// pipeReader reads lines of any length from piped input.
type pipeReader struct{ r *bufio.Reader }

// ReadLine returns the next line without its line ending; the last line
// may lack one.
func (p *pipeReader) ReadLine() (string, error) {
	line, err := p.r.ReadString('\n')
	if errors.Is(err, io.EOF) && line != "" {
		err = nil
	}
	return strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"), err
}

// repl answers lines with the engine, keeping the context between them.
type repl struct {
	engine *chatbot.Engine
	name   string
	json   bool
	out    io.Writer
	errOut io.Writer
	uc     chatbot.UserContext
}

// loop answers each line until exit, quit, the end of input (nil) or an
// interruption: Ctrl-C on a terminal, or ctx ended by SIGINT
// (ErrInterrupted).
func (r *repl) loop(ctx context.Context, in lineReader) error {
	for {
		line, err := readLine(ctx, in)
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, ErrInterrupted):
			return err
		case err != nil:
			return fmt.Errorf("lecture de l’entrée standard\u00a0: %w", err)
		}
		if cmd := strings.ToLower(strings.TrimSpace(line)); cmd == "exit" || cmd == "quit" {
			return nil
		}
		if err := r.answer(line); err != nil {
			return err
		}
	}
}

// readLine waits for the next line or the end of ctx, whichever comes
// first: a read from a pipe or a terminal cannot itself be cancelled.
// One line is read per call, so the line editor's prompt never shows
// before the previous reply.
func readLine(ctx context.Context, in lineReader) (string, error) {
	if ctx.Err() != nil {
		return "", ErrInterrupted
	}
	type result struct {
		line string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		line, err := in.ReadLine()
		done <- result{line, err}
	}()
	select {
	case <-ctx.Done():
		return "", ErrInterrupted
	case res := <-done:
		return res.line, res.err
	}
}

// chatLine is one reply of `courtier chat --json` (PRODUCT.md CLI contract).
type chatLine struct {
	Intent        chatbot.Intent `json:"intent"`
	SuggestsAgent bool           `json:"suggestsAgent"`
	Reply         string         `json:"reply"`
}

// chatError is the --json line of a line the website would refuse, so
// that every line read gets one line out and scripts stay aligned.
type chatError struct {
	Error string `json:"error"`
}

// answer prints the reply to one line. A line the website would refuse
// gets the website's message: as a JSON line with --json, else on
// standard error, where blank lines are skipped as the widget does not
// send them; the REPL goes on.
func (r *repl) answer(line string) error {
	text, err := chat.CleanMessage(line)
	switch {
	case err != nil && r.json:
		return r.encode(chatError{Error: reason(err)})
	case err != nil:
		if input.Trim(line) != "" {
			fmt.Fprintln(r.errOut, reason(err))
		}
		return nil
	}
	var reply chatbot.Reply
	reply, r.uc = r.engine.Respond(r.uc, text)
	if r.json {
		return r.encode(chatLine{Intent: reply.Intent, SuggestsAgent: reply.SuggestsAgent, Reply: reply.String()})
	}
	_, err = fmt.Fprintf(r.out, "%s\n%s\n\n", intentLine(reply), reply.String())
	return err
}

// intentLine is what staff read above a reply: the intent's French name,
// and whether the reply offers a human advisor (« Intention : habitation ·
// propose un conseiller »).
func intentLine(reply chatbot.Reply) string {
	line := "Intention\u00a0: " + reply.Intent.Label()
	if reply.SuggestsAgent {
		line += " · propose un conseiller"
	}
	return line
}

// banner greets staff on a terminal: whose assistant answers, how to leave
// (the words exit and quit are the command's contract, kept as typed).
func banner(name string) string {
	of := company.Elide("de", name)
	return "Discussion avec l’assistant " + of + ". Pour sortir\u00a0: exit, quit ou Ctrl-D."
}

// encode prints v as one JSON line, without escaping <, > and &.
func (r *repl) encode(v any) error {
	enc := json.NewEncoder(r.out)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
