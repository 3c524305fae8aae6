package contact

import (
	"context"
	"regexp"
	"slices"
	"testing"

	"courtier/pkg/company"
	"courtier/pkg/desk"
)

// TestMessageReferences: a new message is numbered MS-, apart from the
// contracts' CT-; a message numbered CT- before the change keeps its
// reference, since mails and exports gave it to the client, and staff and
// the client still find it by it.
func TestMessageReferences(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, monday)
	// The service as it was until December 2026: messages numbered CT-,
	// written to the same tables as the release that made them did.
	before := *MessageMachine
	before.Prefix = "CT"
	oldDesk := desk.New(f.db, f.accounts, desk.Config{Now: f.clock.Now, Location: f.cal.Location()}, &before, CallbackMachine)
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	oldSvc, err := New(f.db, Config{Desk: oldDesk, Calendar: f.cal, Company: p, Now: f.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	old, err := oldSvc.SendMessage(ctx, f.people["client"], visitorMessage())
	if err != nil {
		t.Fatal(err)
	}
	if old.Ref != "CT-2026-000001" {
		t.Fatalf("old reference %s", old.Ref)
	}
	fresh := f.message(t, f.people["client"])
	if !regexp.MustCompile(`^MS-2026-\d{6}$`).MatchString(fresh.Ref) || fresh.Ref != "MS-2026-000001" {
		t.Errorf("new reference %s", fresh.Ref)
	}

	searches := []struct {
		query string
		want  []string
	}{
		{"CT-2026-000001", []string{old.Ref}},
		{"ct-2026-000001", []string{old.Ref}},
		{"MS-2026-000001", []string{fresh.Ref}},
		{"2026-000001", []string{fresh.Ref, old.Ref}},
	}
	for _, s := range searches {
		t.Run("the desk finds "+s.query, func(t *testing.T) {
			list, err := f.desk.Queue(ctx, f.people["agent"], desk.Filter{Query: s.query, State: "all"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range list {
				got = append(got, r.Ref)
			}
			if len(got) != len(s.want) {
				t.Fatalf("found %v, want %v", got, s.want)
			}
			for _, w := range s.want {
				if !slices.Contains(got, w) {
					t.Errorf("found %v, want %v", got, s.want)
				}
			}
		})
	}
	t.Run("the client reads both as given", func(t *testing.T) {
		mine, err := f.desk.Mine(ctx, f.people["client"])
		if err != nil {
			t.Fatal(err)
		}
		if len(mine) != 2 || !slices.ContainsFunc(mine, func(r desk.ClientView) bool { return r.Ref == old.Ref }) ||
			!slices.ContainsFunc(mine, func(r desk.ClientView) bool { return r.Ref == fresh.Ref }) {
			t.Errorf("mine %+v", mine)
		}
	})
	t.Run("staff open the old one", func(t *testing.T) {
		d := f.request(t, old.ID)
		if d.Request.Ref != old.Ref || d.Request.Kind != desk.KindContact {
			t.Errorf("detail %+v", d.Request)
		}
	})
}
