// Package cli holds the cobra commands of the courtier binary, one file per command.
package cli

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// defaultDB is the database path when neither --db nor COURTIER_DB is given.
const defaultDB = "./data/courtier.db"

// UsageError marks a command line that cannot be run as given: exit code 2.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// ErrInterrupted ends a command stopped by Ctrl-C: exit code 130, what
// shells report for a program that SIGINT (signal 2) ended, and nothing
// printed, as terminal programs do.
var ErrInterrupted = errors.New("interrupted")

// Options are the flags every command shares.
type Options struct {
	DB string
}

// NewRootCommand builds the courtier command and its subcommands. getenv
// reads the environment (os.Getenv outside tests).
func NewRootCommand(getenv func(string) string) *cobra.Command {
	opts := &Options{}
	root := &cobra.Command{
		Use:           "courtier",
		Short:         "The courtier insurance broker: website, user administration and tools",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	dbDefault := defaultDB
	if v := getenv("COURTIER_DB"); v != "" {
		dbDefault = v
	}
	root.PersistentFlags().StringVar(&opts.DB, "db", dbDefault, "database: a SQLite file path or a postgres:// URL (env COURTIER_DB)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return UsageError{err} })
	root.AddCommand(NewServeCommand(opts, getenv, nil), NewUsersCommand(opts), NewMailCommand(opts), NewChatCommand(opts, nil), NewVersionCommand(),
		NewTUICommand(opts, getenv, nil), NewDBCommand(opts), NewPricesCommand(nil), NewSepaCommand(opts), NewContractsCommand(opts))
	return root
}

// ExitCode maps the error of a command to the process exit code of the
// PRODUCT.md contract: 0 success, 1 failure, 2 bad usage; and 130 for
// Ctrl-C, like other terminal programs.
func ExitCode(err error) int {
	if err == nil {
		return 0
	}
	var usage UsageError
	switch {
	case errors.As(err, &usage):
		return 2
	case errors.Is(err, ErrInterrupted):
		return 130
	}
	return 1
}

// Main runs the root command with the process's arguments and returns the exit code.
func Main(args []string) int {
	return Run(args, os.Getenv, os.Stdin, os.Stdout, os.Stderr)
}

// Run runs the root command over the given environment and streams, prints
// a failure as one line on errOut, and returns the exit code.
func Run(args []string, getenv func(string) string, in io.Reader, out, errOut io.Writer) int {
	root := NewRootCommand(getenv)
	root.SetArgs(args)
	root.SetIn(in)
	root.SetOut(out)
	root.SetErr(errOut)
	cmd, err := root.ExecuteC()
	if err != nil && !errors.Is(err, ErrInterrupted) {
		if isUsage(err) {
			cmd.PrintErrln("courtier: " + err.Error())
			cmd.PrintErrln("Run '" + cmd.CommandPath() + " --help' for usage.")
			return 2
		}
		root.PrintErrln("courtier: " + reason(err))
	}
	return ExitCode(err)
}

// reason is the one line printed for a failure: the French message of an
// error meant for users, the whole chain otherwise.
func reason(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return err.Error()
}

// withApp opens the App over the existing database for one command (the
// factory every command but serve gets its services from) and closes it
// after fn. Only serve creates the database: any other command given a
// path that does not exist (a typo in --db, a COURTIER_DB left from
// elsewhere) would otherwise work on a new, empty database and report
// nothing wrong. Failures are not logged: the command prints them as its
// one-line reason.
func withApp(ctx context.Context, opts *Options, fn func(*app.App) error) error {
	if err := dbExists(opts.DB); err != nil {
		return err
	}
	a, err := app.Open(ctx, app.Config{DB: opts.DB})
	if err != nil {
		return err
	}
	defer a.Close()
	return fn(a)
}

// dbExists says in French that the database at path does not exist;
// commands check it before they ask anything of the operator.
func dbExists(path string) error {
	if store.IsURL(path) {
		return nil // a PostgreSQL server answers for its database itself
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return apperr.Errorf(apperr.ENOTFOUND,
			"La base de données %s n’existe pas\u00a0: vérifiez --db ou COURTIER_DB (courtier serve la crée à son premier démarrage).", path)
	}
	return nil
}

// isUsage also catches cobra's own errors for unknown commands and bad arguments.
func isUsage(err error) bool {
	var usage UsageError
	if errors.As(err, &usage) {
		return true
	}
	msg := err.Error()
	for _, prefix := range []string{"unknown command", "unknown flag", "unknown shorthand", "accepts ", "requires ", "invalid argument", "required flag", "flag needs an argument"} {
		if len(msg) >= len(prefix) && msg[:len(prefix)] == prefix {
			return true
		}
	}
	return false
}
