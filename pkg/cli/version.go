package cli

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"courtier/pkg/company"
)

// NewVersionCommand builds `courtier version`: the version of the company
// profile and the commit the binary was built from.
func NewVersionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version and the build's commit",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := company.Default()
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "courtier %s (commit %s)\n", p.Version, buildCommit())
			return err
		},
	}
}

// buildCommit reads the VCS revision Go records in the binary.
func buildCommit() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "inconnu"
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "inconnu"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-modifié"
	}
	return rev
}
