package account

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// An unknown e-mail must cost what a wrong password costs: one Argon2id
// verification at the same parameters. Counting work instead of timing it
// keeps the test exact on a busy machine.
func TestUnknownEmailCostsAHash(t *testing.T) {
	f := newFixture(t)
	svc, err := New(f.db, Config{Now: f.clock.Now, Argon: testParams, Limits: ratelimit.NewRegistry(roomyLimits(), f.clock.Now)})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := svc.Create(ctx, NewUser{Email: "marie@exemple.fr", Password: goodPassword}); err != nil {
		t.Fatal(err)
	}
	for _, email := range []string{"marie@exemple.fr", "inconnu@exemple.fr", "autre.inconnu@exemple.fr"} {
		before := svc.hasher.verified.Load()
		_, _, err := svc.SignIn(ctx, Credentials{Email: email, Password: "mauvais mot de passe"})
		wantErr(t, err, apperr.EUNAUTHORIZED, "", "E-mail ou mot de passe incorrect.")
		if n := svc.hasher.verified.Load() - before; n != 1 {
			t.Errorf("%s: %d Argon2id verifications, want 1", email, n)
		}
	}
	p, _, _, err := decodeHash(svc.dummyHash)
	if err != nil || p != testParams {
		t.Errorf("dummy hash params %+v (%v), want the service's own %+v", p, err, testParams)
	}
}

// roomyLimits are the defaults with room for many attempts from one address.
func roomyLimits() Limits {
	l := ratelimit.Default()
	l.SignInAddress = ratelimit.Rule{Burst: 1000, Every: time.Second}
	return l
}

// try is one sign-in of a scenario: after moving the clock, email signs in
// from ip with the right password or not; want is the error code ("" for
// success) and has a part of its message.
type try struct {
	after time.Duration
	email string
	good  bool
	ip    string
	times int // repeat count, 1 when zero
	want  apperr.Code
	has   string
}

// run makes the sign-ins of tr, each through the instance next gives.
func (tr try) run(t *testing.T, clock *fakeClock, next func() *Service, i int) {
	t.Helper()
	clock.Advance(tr.after)
	pw := "mauvais mot de passe"
	if tr.good {
		pw = goodPassword
	}
	for n := range max(tr.times, 1) {
		_, _, err := next().SignIn(context.Background(), Credentials{Email: tr.email, Password: pw, IP: tr.ip})
		if tr.want == "" && err != nil {
			t.Fatalf("step %d, try %d: %s from %s: %v, want success", i, n, tr.email, tr.ip, err)
		}
		if tr.want != "" {
			wantErr(t, err, tr.want, "", tr.has)
		}
	}
}

const marie, addrA, addrB = "marie@exemple.fr", "198.51.100.1", "203.0.113.9"

func TestSignInProtection(t *testing.T) {
	bad := func(ip string, times int) try {
		return try{email: marie, ip: ip, times: times, want: apperr.EUNAUTHORIZED, has: "E-mail ou mot de passe incorrect."}
	}
	wait := func(after time.Duration, good bool, ip, has string) try {
		return try{after: after, email: marie, good: good, ip: ip, want: apperr.ETOOMANY, has: has}
	}
	ok := func(after time.Duration, ip string) try { return try{after: after, email: marie, good: true, ip: ip} }
	cases := []struct {
		name  string
		limit func(*Limits)
		tries []try
	}{
		{"five wrong passwords from A slow A down, not B", nil, []try{
			bad(addrA, 5),
			wait(0, true, addrA, "Trop de tentatives de connexion. Réessayez dans 1 minute."),
			ok(0, addrB),
			ok(time.Minute, addrA),
		}},
		{"after the slow-down, ten failures from A refuse A for minutes", nil, []try{
			bad(addrA, 5),
			{after: time.Minute, email: marie, ip: addrA, want: apperr.EUNAUTHORIZED, has: "incorrect"},
			{after: time.Minute, email: marie, ip: addrA, want: apperr.EUNAUTHORIZED, has: "incorrect"},
			{after: time.Minute, email: marie, ip: addrA, want: apperr.EUNAUTHORIZED, has: "incorrect"},
			{after: time.Minute, email: marie, ip: addrA, want: apperr.EUNAUTHORIZED, has: "incorrect"},
			{after: time.Minute, email: marie, ip: addrA, want: apperr.EUNAUTHORIZED, has: "incorrect"},
			wait(time.Minute, true, addrA, "Réessayez dans 9 minutes."),
			ok(0, addrB),
			ok(9*time.Minute+time.Second, addrA),
		}},
		{"a success forgets the failures of its address", nil, []try{
			bad(addrA, 4), ok(0, addrA), bad(addrA, 4), ok(0, addrA),
		}},
		{"an IPv6 /64 is one address", nil, []try{
			bad("2001:db8:0:1::1", 3), bad("2001:db8:0:1::2", 2),
			wait(0, true, "2001:db8:0:1::ffff", "1 minute"),
			ok(0, "2001:db8:0:2::1"),
		}},
		{"unknown e-mails are refused the same way", nil, []try{
			{email: "inconnu@exemple.fr", ip: addrA, times: 5, want: apperr.EUNAUTHORIZED, has: "incorrect"},
			{email: "inconnu@exemple.fr", ip: addrA, want: apperr.ETOOMANY, has: "Trop de tentatives de connexion."},
		}},
		{"a distributed guesser spends the budget; the owner's known address still gets in", func(l *Limits) {
			l.AccountBudget = ratelimit.Rule{Burst: 6, Every: time.Hour}
		}, []try{
			ok(0, addrB),
			bad("192.0.2.1", 2), bad("192.0.2.2", 2), bad("192.0.2.3", 2),
			wait(0, true, "192.0.2.4", "Réessayez dans 60 minutes."),
			ok(0, addrB),
			ok(time.Hour, "192.0.2.4"),
		}},
		{"the budget is per account", func(l *Limits) {
			l.AccountBudget = ratelimit.Rule{Burst: 2, Every: time.Hour}
		}, []try{
			bad("192.0.2.1", 1), bad("192.0.2.2", 1),
			{email: "paul@exemple.fr", good: true, ip: "192.0.2.3"},
		}},
	}
	// Through two instances, the sign-ins alternate between them and must
	// meet every limit at the same count as through one.
	for _, instances := range []int{1, 2} {
		for _, c := range cases {
			t.Run(strconv.Itoa(instances)+" instance(s)/"+c.name, func(t *testing.T) {
				l := roomyLimits()
				if c.limit != nil {
					c.limit(&l)
				}
				clock, svcs := newInstances(t, instances, l)
				mustCreateOn(t, svcs[0], marie, "paul@exemple.fr")
				n := 0
				next := func() *Service { n++; return svcs[n%len(svcs)] }
				for i, tr := range c.tries {
					tr.run(t, clock, next, i)
				}
			})
		}
	}
}

// newInstances is n account services over one new database, each with a
// store of its own, as n instances of `courtier serve` behind a load
// balancer: two opens of one SQLite file, or of one PostgreSQL schema.
func newInstances(t *testing.T, n int, l Limits) (*fakeClock, []*Service) {
	t.Helper()
	dsn, clock := storetest.DSN(t), newClock()
	var svcs []*Service
	for range n {
		db, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		svc, err := New(db, Config{Now: clock.Now, Argon: testParams, Limits: ratelimit.NewRegistry(l, clock.Now)})
		if err != nil {
			t.Fatal(err)
		}
		svcs = append(svcs, svc)
	}
	return clock, svcs
}

// mustCreateOn makes accounts through svc or fails the test.
func mustCreateOn(t *testing.T, svc *Service, emails ...string) {
	t.Helper()
	for _, email := range emails {
		if _, err := svc.Create(context.Background(), NewUser{Email: email, Password: goodPassword}); err != nil {
			t.Fatal(err)
		}
	}
}

// The account's budget and its known addresses hold across instances: a
// guesser whose wrong passwords go alternately to both spends the budget
// at the count of one instance, is refused on both, and the owner, known
// at an address by one instance, still gets in through the other.
func TestSignInLimitsAcrossInstances(t *testing.T) {
	l := roomyLimits()
	l.AccountBudget = ratelimit.Rule{Burst: 6, Every: time.Hour}
	clock, svcs := newInstances(t, 2, l)
	mustCreateOn(t, svcs[0], marie)
	a, b := func() *Service { return svcs[0] }, func() *Service { return svcs[1] }
	n := 0
	both := func() *Service { n++; return svcs[n%2] }
	steps := []struct {
		via string
		on  func() *Service
		try try
	}{
		{"A", a, try{email: marie, good: true, ip: addrB}},
		{"A and B", both, try{email: marie, ip: "192.0.2.1", times: 3, want: apperr.EUNAUTHORIZED, has: "incorrect"}},
		{"A and B", both, try{email: marie, ip: "192.0.2.2", times: 3, want: apperr.EUNAUTHORIZED, has: "incorrect"}},
		{"A", a, try{email: marie, good: true, ip: "192.0.2.3", want: apperr.ETOOMANY, has: "Réessayez dans 60 minutes."}},
		{"B", b, try{email: marie, good: true, ip: "192.0.2.3", want: apperr.ETOOMANY, has: "Réessayez dans 60 minutes."}},
		{"B", b, try{email: marie, good: true, ip: addrB}},
		{"B", b, try{after: time.Hour, email: marie, good: true, ip: "192.0.2.3"}},
	}
	for i, s := range steps {
		t.Logf("step %d via %s", i, s.via)
		s.try.run(t, clock, s.on, i)
	}
}

func TestAddressLimit(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for i := range 20 {
		_, _, err := f.svc.SignIn(ctx, Credentials{Email: "u" + string(rune('a'+i)) + "@exemple.fr", Password: "x", IP: "192.0.2.50"})
		wantErr(t, err, apperr.EUNAUTHORIZED, "", "incorrect")
	}
	_, _, err := f.svc.SignIn(ctx, Credentials{Email: "z@exemple.fr", Password: "x", IP: "192.0.2.50"})
	wantErr(t, err, apperr.ETOOMANY, "", "Réessayez dans 1 minute.")
	if wait, ok := apperr.RetryAfterOf(err); !ok || wait != 45*time.Second {
		t.Errorf("RetryAfter = %v, %v; want 45s", wait, ok)
	}
	_, _, err = f.svc.Register(ctx, NewUser{Email: "new@exemple.fr", Password: goodPassword}, "192.0.2.50")
	wantErr(t, err, apperr.ETOOMANY, "", "Trop de tentatives")
	_, _, err = f.svc.SignIn(ctx, Credentials{Email: "z@exemple.fr", Password: "x", IP: "192.0.2.51"})
	wantErr(t, err, apperr.EUNAUTHORIZED, "", "incorrect")
	f.clock.Advance(45 * time.Second)
	_, _, err = f.svc.SignIn(ctx, Credentials{Email: "z@exemple.fr", Password: "x", IP: "192.0.2.50"})
	wantErr(t, err, apperr.EUNAUTHORIZED, "", "incorrect")
}

// Re-authentication counts per session: nobody's wrong sign-ins block the
// signed-in owner, and a session that guesses is stopped alone.
func TestReauthenticationPerSession(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, marie, "")
	owner := f.mustSignIn(t, marie, false)
	thief := f.mustSignIn(t, marie, false)
	for i := range 150 {
		f.svc.SignIn(ctx, Credentials{Email: marie, Password: "devine", IP: "192.0.2." + strconv.Itoa(i%250)})
	}
	_, _, err := f.svc.SignIn(ctx, Credentials{Email: marie, Password: goodPassword, IP: "192.0.2.251"})
	wantErr(t, err, apperr.ETOOMANY, "", "Trop de tentatives de connexion.")
	for range 5 {
		_, _, err := f.svc.ChangePassword(ctx, thief, "devine", "un-autre-mot-de-passe-long")
		wantErr(t, err, apperr.EINVALID, "currentPassword", "Mot de passe actuel incorrect.")
	}
	_, _, err = f.svc.ChangePassword(ctx, thief, goodPassword, "un-autre-mot-de-passe-long")
	wantErr(t, err, apperr.ETOOMANY, "", "Trop de mots de passe incorrects. Réessayez dans 3 minutes.")
	if _, _, err := f.svc.ChangePassword(ctx, owner, goodPassword, "un-autre-mot-de-passe-long"); err != nil {
		t.Fatalf("the owner could not change the password: %v", err)
	}
}

// Guesses sent in parallel are counted before their passwords are
// verified, so they cannot all slip past the limit while the first ones
// are being hashed.
func TestParallelGuessesAreCountedFirst(t *testing.T) {
	f := newFixture(t)
	f.mustCreate(t, marie, "")
	var wg sync.WaitGroup
	codes := make(chan apperr.Code, 40)
	for range 40 {
		wg.Go(func() {
			_, _, err := f.svc.SignIn(context.Background(), Credentials{Email: marie, Password: "devine", IP: addrA})
			codes <- apperr.CodeOf(err)
		})
	}
	wg.Wait()
	close(codes)
	got := map[apperr.Code]int{}
	for c := range codes {
		got[c]++
	}
	if got[apperr.EUNAUTHORIZED] != 5 || got[apperr.ETOOMANY] != 35 {
		t.Errorf("answers %v, want 5 wrong passwords and 35 refusals", got)
	}
}
