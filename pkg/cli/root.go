// Package cli holds the cobra commands of the courtier binary, one file per command.
package cli

import (
	"errors"
	"os"

	"github.com/spf13/cobra"
)

// defaultDB is the database path when neither --db nor COURTIER_DB is given.
const defaultDB = "./data/courtier.db"

// UsageError marks a command line that cannot be run as given: exit code 2.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

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
	root.PersistentFlags().StringVar(&opts.DB, "db", dbDefault, "SQLite database file (env COURTIER_DB)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return UsageError{err} })
	root.AddCommand(NewServeCommand(opts, nil), NewVersionCommand())
	return root
}

// ExitCode maps the error of a command to the process exit code of the
// PRODUCT.md contract: 0 success, 1 failure, 2 bad usage.
func ExitCode(err error) int {
	if err == nil {
		return 0
	}
	var usage UsageError
	if errors.As(err, &usage) {
		return 2
	}
	return 1
}

// Main runs the root command with the process's arguments and returns the exit code.
func Main(args []string) int {
	root := NewRootCommand(os.Getenv)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	if err != nil {
		if isUsage(err) {
			cmd.PrintErrln("courtier: " + err.Error())
			cmd.PrintErrln("Run '" + cmd.CommandPath() + " --help' for usage.")
			return 2
		}
		root.PrintErrln("courtier: " + err.Error())
	}
	return ExitCode(err)
}

// isUsage also catches cobra's own errors for unknown commands and bad arguments.
func isUsage(err error) bool {
	var usage UsageError
	if errors.As(err, &usage) {
		return true
	}
	msg := err.Error()
	for _, prefix := range []string{"unknown command", "unknown flag", "unknown shorthand", "accepts ", "requires ", "invalid argument"} {
		if len(msg) >= len(prefix) && msg[:len(prefix)] == prefix {
			return true
		}
	}
	return false
}
