package cli

import (
	"runtime/debug"
	"testing"
)

func TestStampOf(t *testing.T) {
	vcs := func(settings ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{}
		for i := 0; i+1 < len(settings); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return info
	}
	const rev = "53c36e575edb0123456789abcdef0123456789ab"
	tests := []struct {
		name                    string
		commit, modified, built string
		info                    *debug.BuildInfo
		want                    string
	}{
		{name: "from the Makefile", commit: "53c36e575edb", built: "2026-03-02T09:05:00Z", info: vcs(), want: "commit 53c36e575edb, compilé le 2026-03-02 à 09:05 UTC"},
		{name: "from the Makefile, modified tree", commit: "53c36e575edb", modified: "true", built: "2026-03-02T09:05:00Z", want: "commit 53c36e575edb-modifié, compilé le 2026-03-02 à 09:05 UTC"},
		{name: "the Makefile wins over Go's stamp", commit: "aaaaaaaaaaaa", built: "2026-03-02T09:05:00Z", info: vcs("vcs.revision", rev), want: "commit aaaaaaaaaaaa, compilé le 2026-03-02 à 09:05 UTC"},
		{name: "build time in another zone", commit: "53c36e575edb", built: "2026-03-02T10:05:00+01:00", want: "commit 53c36e575edb, compilé le 2026-03-02 à 09:05 UTC"},
		{name: "no build time", commit: "53c36e575edb", want: "commit 53c36e575edb"},
		{name: "go build from a clone", info: vcs("vcs", "git", "vcs.revision", rev, "vcs.time", "2026-02-27T17:40:12Z", "vcs.modified", "false"), want: "commit 53c36e575edb du 2026-02-27 à 17:40 UTC"},
		{name: "go build from a modified clone", info: vcs("vcs.revision", rev, "vcs.time", "2026-02-27T17:40:12Z", "vcs.modified", "true"), want: "commit 53c36e575edb-modifié du 2026-02-27 à 17:40 UTC"},
		{name: "-buildvcs=false", info: vcs("-buildmode", "exe"), want: "commit inconnu"},
		{name: "no build information", want: "commit inconnu"},
	}
	for _, tt := range tests {
		if got := stampOf(tt.commit, tt.modified, tt.built, tt.info); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
