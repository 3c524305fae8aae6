package account

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"courtier/pkg/ratelimit"
	"courtier/pkg/store/storetest"
)

// BenchmarkSignInGuard measures a sign-in with a cheap hash (testParams),
// so that what the sign-in protection costs is not hidden behind Argon2id
// (pkg/web's BenchmarkSignIn measures it with the production costs). The
// limits are raised so that every attempt is counted and none refused.
func BenchmarkSignInGuard(b *testing.B) {
	cases := []struct {
		name     string
		password string
		want     error
	}{
		{"right password", goodPassword, nil},
		{"wrong password", "mauvais mot de passe", errBadCredentials()},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			ctx := context.Background()
			clock := newClock()
			roomy := ratelimit.Rule{Burst: 1 << 30, Every: time.Minute}
			l := ratelimit.Default()
			l.SignInAddress, l.SignInSlow, l.SignInLockout, l.AccountBudget = roomy, roomy, roomy, roomy
			svc, err := New(storetest.Open(b), Config{Logger: slog.New(slog.DiscardHandler), Now: clock.Now, Argon: testParams, Limits: ratelimit.NewRegistry(l, clock.Now)})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := svc.Create(ctx, NewUser{Email: marie, Password: goodPassword}); err != nil {
				b.Fatal(err)
			}
			in := Credentials{Email: marie, Password: c.password, IP: addrA}
			b.ReportAllocs()
			for b.Loop() {
				_, _, err := svc.SignIn(ctx, in)
				if (err == nil) != (c.want == nil) {
					b.Fatalf("sign-in: %v, want %v", err, c.want)
				}
			}
		})
	}
}
