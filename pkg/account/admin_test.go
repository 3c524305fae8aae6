package account

import (
	"context"
	"sync"
	"testing"

	"courtier/pkg/apperr"
)

func TestLastActiveAdminStays(t *testing.T) {
	ctx := context.Background()
	demote := func(email string) func(*Service) error {
		return func(s *Service) error { _, _, err := s.SetRole(ctx, email, RoleAgent); return err }
	}
	disable := func(email string) func(*Service) error {
		return func(s *Service) error { _, _, err := s.SetStatus(ctx, email, StatusDisabled); return err }
	}
	tests := []struct {
		name    string
		admins  []string // active admins; "off@" ones are disabled admins
		setup   func(*Service) error
		act     func(*Service) error
		refused bool
	}{
		{name: "demote the only admin", admins: []string{"a@exemple.fr"}, act: demote("a@exemple.fr"), refused: true},
		{name: "disable the only admin", admins: []string{"a@exemple.fr"}, act: disable("a@exemple.fr"), refused: true},
		{name: "a disabled admin does not count", admins: []string{"a@exemple.fr", "b@exemple.fr"}, setup: disable("b@exemple.fr"), act: demote("a@exemple.fr"), refused: true},
		{name: "demote one of two", admins: []string{"a@exemple.fr", "b@exemple.fr"}, act: demote("a@exemple.fr")},
		{name: "disable one of two", admins: []string{"a@exemple.fr", "b@exemple.fr"}, act: disable("b@exemple.fr")},
		{name: "the last admin keeps the role", admins: []string{"a@exemple.fr"}, act: func(s *Service) error { _, _, err := s.SetRole(ctx, "a@exemple.fr", RoleAdmin); return err }},
		{name: "re-enable the last admin", admins: []string{"a@exemple.fr"}, act: func(s *Service) error { _, _, err := s.SetStatus(ctx, "a@exemple.fr", StatusActive); return err }},
		{name: "demote a disabled admin", admins: []string{"a@exemple.fr", "b@exemple.fr"}, setup: disable("b@exemple.fr"), act: demote("b@exemple.fr")},
		{name: "disable an agent with no admin left", admins: nil, setup: nil, act: disable("agent@exemple.fr")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.mustCreate(t, "agent@exemple.fr", RoleAgent)
			for _, email := range tt.admins {
				f.mustCreate(t, email, RoleAdmin)
			}
			if tt.setup != nil {
				if err := tt.setup(f.svc); err != nil {
					t.Fatal(err)
				}
			}
			sess := f.mustSignIn(t, "agent@exemple.fr", false)
			err := tt.act(f.svc)
			if !tt.refused {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			wantErr(t, err, apperr.ECONFLICT, "", "a@exemple.fr est le dernier administrateur actif\u00a0: nommez d’abord un autre administrateur.")
			u, err := f.svc.GetByEmail(ctx, "a@exemple.fr")
			if err != nil || u.Role != RoleAdmin || u.Status != StatusActive {
				t.Errorf("the refused change was written: %+v %v", u, err)
			}
			if !f.signedIn(t, sess.Token) {
				t.Error("a refused change ended sessions")
			}
		})
	}
}

// TestConcurrentDemotionsKeepAnAdmin demotes two admins at once, many
// times: one demotion wins, the other is refused, an admin stays.
func TestConcurrentDemotionsKeepAnAdmin(t *testing.T) {
	ctx := context.Background()
	for round := range 10 {
		f := newFixture(t)
		f.mustCreate(t, "a@exemple.fr", RoleAdmin)
		f.mustCreate(t, "b@exemple.fr", RoleAdmin)
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i, email := range []string{"a@exemple.fr", "b@exemple.fr"} {
			wg.Go(func() {
				if i == 0 {
					_, _, errs[i] = f.svc.SetRole(ctx, email, RoleClient)
				} else {
					_, _, errs[i] = f.svc.SetStatus(ctx, email, StatusDisabled)
				}
			})
		}
		wg.Wait()
		refused := 0
		for _, err := range errs {
			if err != nil {
				if apperr.CodeOf(err) != apperr.ECONFLICT {
					t.Fatalf("round %d: %v", round, err)
				}
				refused++
			}
		}
		admin := RoleAdmin
		admins, err := f.svc.List(ctx, &admin)
		if err != nil {
			t.Fatal(err)
		}
		active := 0
		for _, u := range admins {
			if u.Status == StatusActive {
				active++
			}
		}
		if refused != 1 || active != 1 {
			t.Fatalf("round %d: %d refused, %d active admins; want 1 and 1", round, refused, active)
		}
	}
}
