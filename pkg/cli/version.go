package cli

import (
	"fmt"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"

	"courtier/pkg/company"
)

// Set by the Makefile with -ldflags -X: the commit (12 hex digits), "true"
// when the tree had uncommitted changes, and the build time (RFC 3339,
// UTC). Go's own VCS stamp is not enough: it is missing when GOFLAGS
// holds -buildvcs=false, in a git worktree (.git is a file there), and
// when git refuses a checkout owned by another user (safe.directory).
var (
	commit    string
	modified  string
	buildTime string
)

// NewVersionCommand builds `courtier version`: the version of the company
// profile, the commit the binary was built from and when.
func NewVersionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, the build's commit and build time",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := company.Default()
			if err != nil {
				return err
			}
			info, _ := debug.ReadBuildInfo()
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "courtier %s (%s)\n", p.Version, stampOf(commit, modified, buildTime, info))
			return err
		},
	}
}

// stampOf describes the build: from the linker's values when the Makefile
// gave them, else from the VCS settings Go recorded (whose time is the
// commit's, not the build's), else "commit inconnu".
func stampOf(commit, modified, built string, info *debug.BuildInfo) string {
	when := ", compilé le"
	if commit == "" && info != nil {
		when = " du"
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				modified = s.Value
			case "vcs.time":
				built = s.Value
			}
		}
	}
	if commit == "" {
		return "commit inconnu"
	}
	if len(commit) > 12 {
		commit = commit[:12]
	}
	if modified == "true" {
		commit += "-modifié"
	}
	t, err := time.Parse(time.RFC3339, built)
	if err != nil {
		return "commit " + commit
	}
	return fmt.Sprintf("commit %s%s %s", commit, when, t.UTC().Format("2006-01-02 à 15:04 UTC"))
}
