package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"courtier/pkg/chat"
	"courtier/pkg/chatbot"
	"courtier/pkg/company"
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
			"10 messages). Reads piped standard input too. exit, quit or Ctrl-D leave.\n" +
			"Nothing is stored in the database.",
		Example: "  courtier chat\n" +
			"  printf 'Bonjour\\nCombien pour ma maison ?\\n' | courtier chat --json",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			co.In, co.Out, co.ErrOut = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			if runF != nil {
				return runF(cmd.Context(), co)
			}
			return chatRun(cmd.Context(), co)
		},
	}
	cmd.Flags().BoolVar(&co.JSON, "json", false, `print each reply as one JSON object per line: {"intent","suggestsAgent","reply"}`)
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
		return fmt.Errorf("terminal: %w", err)
	}
	defer term.Restore(fd, state) //nolint:errcheck // nothing better to do on the way out
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{in, out}, "> ")
	// A terminal that reports no size (0x0) keeps the editor's default of 80 columns.
	if w, h, err := term.GetSize(int(out.Fd())); err == nil && w > 0 && h > 0 {
		t.SetSize(w, h) //nolint:errcheck // the default size still works
	}
	// In raw mode "\n" does not return the carriage: the terminal's
	// writer turns it into "\r\n".
	r.out, r.errOut = t, t
	fmt.Fprintln(t, "Chat with the "+r.name+" assistant; exit, quit or Ctrl-D leave.")
	return r.loop(ctx, t)
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

// loop answers each line until exit, quit, the end of input or ctx.
func (r *repl) loop(ctx context.Context, in lineReader) error {
	for ctx.Err() == nil {
		line, err := in.ReadLine()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading standard input: %w", err)
		}
		if cmd := strings.ToLower(strings.TrimSpace(line)); cmd == "exit" || cmd == "quit" {
			return nil
		}
		if err := r.answer(line); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// chatLine is one reply of `courtier chat --json` (PRODUCT.md CLI contract).
type chatLine struct {
	Intent        chatbot.Intent `json:"intent"`
	SuggestsAgent bool           `json:"suggestsAgent"`
	Reply         string         `json:"reply"`
}

// answer prints the reply to one line. Lines the website would refuse get
// the website's message on standard error, and the REPL goes on; blank
// lines are skipped, as the widget does not send them.
func (r *repl) answer(line string) error {
	text, err := chat.CleanMessage(line)
	if err != nil {
		if strings.TrimSpace(line) != "" {
			fmt.Fprintln(r.errOut, reason(err))
		}
		return nil
	}
	var reply chatbot.Reply
	reply, r.uc = r.engine.Respond(r.uc, text)
	if r.json {
		enc := json.NewEncoder(r.out)
		enc.SetEscapeHTML(false)
		return enc.Encode(chatLine{Intent: reply.Intent, SuggestsAgent: reply.SuggestsAgent, Reply: reply.String()})
	}
	tag := "[" + string(reply.Intent) + "]"
	if reply.SuggestsAgent {
		tag += " (suggests an agent)"
	}
	_, err = fmt.Fprintf(r.out, "%s\n%s\n\n", tag, reply.String())
	return err
}
