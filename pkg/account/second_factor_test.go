package account

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/event"
)

// enroll turns the second factor on for the account of sess and returns
// its secret and recovery codes.
func (f *fixture) enroll(t *testing.T, sess *Session) (string, []string) {
	t.Helper()
	ctx := context.Background()
	setup, err := f.svc.BeginTwoFactor(ctx, sess, "Horizon Courtage")
	if err != nil {
		t.Fatal(err)
	}
	code, err := totpCode(setup.Secret, f.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	codes, err := f.svc.EnableTwoFactor(ctx, sess, code, goodPassword)
	if err != nil {
		t.Fatal(err)
	}
	// The code of set-up has served: the next sign-in needs the next one.
	f.clock.Advance(totpPeriod * time.Second)
	return setup.Secret, codes
}

// ticketFor signs in to email with the good password and returns the
// ticket of the code awaited; it fails when a session opens instead.
func (f *fixture) ticketFor(t *testing.T, email string) string {
	t.Helper()
	_, sess, err := f.svc.SignIn(context.Background(), Credentials{Email: email, Password: goodPassword, IP: "192.0.2.1"})
	var need *SecondFactorRequired
	if !errors.As(err, &need) || sess != nil {
		t.Fatalf("sign-in of %s: session %v, err %v; want a code asked", email, sess, err)
	}
	if need.Ticket == "" || !need.Expires.Equal(f.clock.Now().Add(ticketValid).UTC().Truncate(time.Millisecond)) {
		t.Fatalf("ticket %+v", need)
	}
	return need.Ticket
}

func (f *fixture) withCode(ticket, code string) (*Session, error) {
	_, sess, err := f.svc.SignInWithCode(context.Background(), CodeAttempt{Ticket: ticket, Code: code, IP: "192.0.2.1"})
	return sess, err
}

func TestTwoFactorSetUp(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@example.com", RoleClient)
	sess := f.mustSignIn(t, "marie@example.com", false)

	setup, err := f.svc.BeginTwoFactor(ctx, sess, "Horizon Courtage")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[A-Z2-7]{32}$`).MatchString(setup.Secret) {
		t.Errorf("secret %q is not 160 bits of base32", setup.Secret)
	}
	for _, want := range []string{"otpauth://totp/Horizon%20Courtage:marie@example.com?", "secret=" + setup.Secret, "issuer=Horizon+Courtage", "digits=6", "period=30"} {
		if !strings.Contains(setup.URI, want) {
			t.Errorf("URI %q lacks %q", setup.URI, want)
		}
	}
	if !strings.HasPrefix(setup.QR, "<svg ") || !strings.Contains(setup.QR, `<path fill="#000" d="M`) || strings.Contains(setup.QR, "http") && !strings.Contains(setup.QR, "http://www.w3.org/2000/svg") {
		t.Errorf("QR is not an inline SVG: %.120s", setup.QR)
	}
	code, _ := totpCode(setup.Secret, f.clock.Now())
	wrong := "000000"
	if wrong == code {
		wrong = "111111"
	}
	for _, c := range []struct {
		name, code, password string
		field, msg           string
	}{
		{"no code", " ", goodPassword, "code", "Saisissez le code"},
		{"wrong code", wrong, goodPassword, "code", "Code incorrect"},
		{"letters", "abcdef", goodPassword, "code", "Code incorrect"},
		{"no password", code, "", "password", "Saisissez votre mot de passe"},
		{"wrong password", code, "pas le bon mot de passe", "password", "Mot de passe incorrect"},
	} {
		_, err := f.svc.EnableTwoFactor(ctx, sess, c.code, c.password)
		if fieldOf(err) != c.field || !strings.Contains(apperr.MessageOf(err), c.msg) {
			t.Errorf("%s: err %v, want %s %q", c.name, err, c.field, c.msg)
		}
	}
	if u, _ := f.svc.Get(ctx, sess.UID); u.TwoFactor {
		t.Fatal("a refused code turned the second factor on")
	}
	codes, err := f.svc.EnableTwoFactor(ctx, sess, code[:3]+" "+code[3:], goodPassword)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range codes {
		if !regexp.MustCompile(`^[a-z2-9]{5}-[a-z2-9]{5}$`).MatchString(c) || seen[c] {
			t.Errorf("recovery code %q malformed or twice", c)
		}
		seen[c] = true
	}
	if len(codes) != RecoveryCodes {
		t.Errorf("%d recovery codes, want %d", len(codes), RecoveryCodes)
	}
	// The session the user holds sees the change at once (cache).
	if u, _, err := f.svc.Authenticate(ctx, sess.Token); err != nil || !u.TwoFactor {
		t.Errorf("session after set-up: %+v %v", u, err)
	}
	if _, err := f.svc.BeginTwoFactor(ctx, sess, "Horizon Courtage"); apperr.CodeOf(err) != apperr.ECONFLICT {
		t.Errorf("a second set-up: %v, want ECONFLICT", err)
	}
	st, err := f.svc.TwoFactor(ctx, sess)
	if err != nil || st != (TwoFactorStatus{Enabled: true, Required: false, RecoveryCodesLeft: 10}) {
		t.Errorf("status %+v %v", st, err)
	}
	kinds, _ := f.events(t)
	if n := count(kinds, event.TwoFactorEnabled); n != 1 {
		t.Errorf("%d TwoFactorEnabled events, want 1: %v", n, kinds)
	}
}

func count(kinds []event.Kind, k event.Kind) int {
	n := 0
	for _, x := range kinds {
		if x == k {
			n++
		}
	}
	return n
}

func TestSignInWithCode(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@example.com", RoleClient)
	secret, codes := f.enroll(t, f.mustSignIn(t, "marie@example.com", false))

	ticket := f.ticketFor(t, "marie@example.com")
	if _, err := f.withCode(ticket, "123"); fieldOf(err) != "code" {
		t.Errorf("a short code: %v", err)
	}
	code, _ := totpCode(secret, f.clock.Now())
	sess, err := f.withCode(ticket, code)
	if err != nil || !f.signedIn(t, sess.Token) {
		t.Fatalf("the app's code: %v", err)
	}
	if _, err := f.withCode(ticket, code); apperr.CodeOf(err) != apperr.EUNAUTHORIZED {
		t.Errorf("a ticket used twice: %v, want EUNAUTHORIZED", err)
	}
	// The same code on a new sign-in, in the same 30 seconds: refused.
	if _, err := f.withCode(f.ticketFor(t, "marie@example.com"), code); fieldOf(err) != "code" {
		t.Errorf("a code used twice: %v", err)
	}
	// A phone one step late still signs in, once the step is new.
	f.clock.Advance(totpPeriod * time.Second)
	late, _ := totpCode(secret, f.clock.Now().Add(-totpPeriod*time.Second))
	if late != code {
		t.Fatalf("test clock: the late code %s should be the last one %s", late, code)
	}
	f.clock.Advance(totpPeriod * time.Second)
	late, _ = totpCode(secret, f.clock.Now().Add(-totpPeriod*time.Second))
	if _, err := f.withCode(f.ticketFor(t, "marie@example.com"), late); err != nil {
		t.Errorf("a code one step late: %v", err)
	}
	// Two steps away is too far.
	f.clock.Advance(totpPeriod * time.Second)
	old, _ := totpCode(secret, f.clock.Now().Add(-2*totpPeriod*time.Second))
	if _, err := f.withCode(f.ticketFor(t, "marie@example.com"), old); fieldOf(err) != "code" {
		t.Errorf("a code two steps old: %v", err)
	}

	// A recovery code, typed in capitals without its dash, serves once.
	typed := strings.ToUpper(strings.ReplaceAll(codes[3], "-", ""))
	if _, err := f.withCode(f.ticketFor(t, "marie@example.com"), typed); err != nil {
		t.Fatalf("a recovery code: %v", err)
	}
	if _, err := f.withCode(f.ticketFor(t, "marie@example.com"), codes[3]); fieldOf(err) != "code" {
		t.Errorf("a recovery code used twice: %v", err)
	}
	kinds, payloads := f.events(t)
	if kinds[len(kinds)-1] != event.RecoveryCodeUsed || payloads[len(payloads)-1].CodesLeft != 9 {
		t.Errorf("last event %s %+v, want a recovery code used with 9 left", kinds[len(kinds)-1], payloads[len(payloads)-1])
	}
	st, _ := f.svc.TwoFactor(ctx, sess)
	if st.RecoveryCodesLeft != 9 {
		t.Errorf("%d codes left, want 9", st.RecoveryCodesLeft)
	}

	// New codes replace the old ones.
	fresh, err := f.svc.NewRecoveryCodes(ctx, sess, goodPassword)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.withCode(f.ticketFor(t, "marie@example.com"), codes[5]); fieldOf(err) != "code" {
		t.Errorf("an old recovery code after new ones: %v", err)
	}
	if _, err := f.withCode(f.ticketFor(t, "marie@example.com"), fresh[0]); err != nil {
		t.Errorf("a new recovery code: %v", err)
	}
}

func TestCodeTicketLimits(t *testing.T) {
	f := newFixture(t)
	f.mustCreate(t, "marie@example.com", RoleClient)
	secret, _ := f.enroll(t, f.mustSignIn(t, "marie@example.com", false))
	wrong := func() string {
		c, _ := totpCode(secret, f.clock.Now())
		if c == "999999" {
			return "999998"
		}
		return "999999"
	}

	// Five wrong codes wear a ticket out: the right one is refused after.
	ticket := f.ticketFor(t, "marie@example.com")
	for range ticketTries {
		if _, err := f.withCode(ticket, wrong()); fieldOf(err) != "code" {
			t.Fatalf("wrong code: %v", err)
		}
	}
	right, _ := totpCode(secret, f.clock.Now())
	if _, err := f.withCode(ticket, right); apperr.CodeOf(err) != apperr.EUNAUTHORIZED {
		t.Errorf("the right code on a worn ticket: %v, want EUNAUTHORIZED", err)
	}

	// A ticket lasts five minutes.
	ticket = f.ticketFor(t, "marie@example.com")
	f.clock.Advance(ticketValid + time.Second)
	right, _ = totpCode(secret, f.clock.Now())
	if _, err := f.withCode(ticket, right); apperr.CodeOf(err) != apperr.EUNAUTHORIZED {
		t.Errorf("an expired ticket: %v, want EUNAUTHORIZED", err)
	}
	if _, err := f.withCode("not-a-ticket", right); apperr.CodeOf(err) != apperr.EUNAUTHORIZED {
		t.Errorf("an unknown ticket: %v", err)
	}

	// Ten wrong codes in 15 minutes, across tickets, stop the sign-ins
	// that would bring new tickets; the owner waits, nothing is spent.
	f.clock.Advance(codeWindow) // the five above are past
	for range 2 {
		ticket = f.ticketFor(t, "marie@example.com")
		for range ticketTries {
			f.withCode(ticket, wrong())
		}
	}
	_, _, err := f.svc.SignIn(context.Background(), Credentials{Email: "marie@example.com", Password: goodPassword, IP: "192.0.2.1"})
	if apperr.CodeOf(err) != apperr.ETOOMANY {
		t.Fatalf("after 10 wrong codes: %v, want ETOOMANY", err)
	}
	f.clock.Advance(codeWindow + time.Second)
	ticket = f.ticketFor(t, "marie@example.com")
	right, _ = totpCode(secret, f.clock.Now())
	if _, err := f.withCode(ticket, right); err != nil {
		t.Errorf("after the window: %v", err)
	}
}

func TestStaffNeedSecondFactor(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for _, role := range []Role{RoleAgent, RoleAdmin} {
		email := string(role) + "@example.com"
		u := f.mustCreate(t, email, role)
		if err := ActorOf(u).RequireStaff(); apperr.CodeOf(err) != apperr.EFORBIDDEN || !strings.Contains(apperr.MessageOf(err), "validation en deux étapes") {
			t.Errorf("%s without a second factor: %v", role, err)
		}
		if err := ActorOf(u).RequireReader(); err == nil {
			t.Errorf("%s without a second factor reads the desk", role)
		}
		if err := TerminalActor(u).RequireStaff(); err != nil {
			t.Errorf("%s in the terminal: %v", role, err)
		}
		sess := f.mustSignIn(t, email, false) // a session, to set it up
		f.enroll(t, sess)
		u, _ = f.svc.Get(ctx, u.UID)
		if err := ActorOf(u).RequireStaff(); err != nil {
			t.Errorf("%s with a second factor: %v", role, err)
		}
		if role == RoleAdmin {
			if err := ActorOf(u).RequireAdmin(); err != nil {
				t.Errorf("admin with a second factor: %v", err)
			}
		}
		if err := f.svc.DisableTwoFactor(ctx, sess, goodPassword); apperr.CodeOf(err) != apperr.EFORBIDDEN {
			t.Errorf("%s turning it off: %v, want EFORBIDDEN", role, err)
		}
		if st, _ := f.svc.TwoFactor(ctx, sess); !st.Required || !st.Enabled {
			t.Errorf("%s status %+v", role, st)
		}
	}
	client := f.mustCreate(t, "marie@example.com", RoleClient)
	if a := ActorOf(client); a.SetupNeeded || a.IsStaff() {
		t.Errorf("a client's actor %+v", a)
	}
}

func TestTurnOffAndReset(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "marie@example.com", RoleClient)
	sess := f.mustSignIn(t, "marie@example.com", false)
	f.enroll(t, sess)
	if err := f.svc.DisableTwoFactor(ctx, sess, "pas le bon"); fieldOf(err) != "password" {
		t.Errorf("wrong password: %v", err)
	}
	if err := f.svc.DisableTwoFactor(ctx, sess, goodPassword); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.DisableTwoFactor(ctx, sess, goodPassword); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("turning off what is off: %v", err)
	}
	f.mustSignIn(t, "marie@example.com", false) // the password alone again

	agent := f.mustCreate(t, "bruno@example.com", RoleAgent)
	_, codes := f.enroll(t, f.mustSignIn(t, "bruno@example.com", false))
	u, err := f.svc.ResetTwoFactor(ctx, "Bruno@Example.com")
	if err != nil || u.UID != agent.UID || u.TwoFactor {
		t.Fatalf("reset: %+v %v", u, err)
	}
	if u, _ := f.svc.Get(ctx, agent.UID); u.TwoFactor || !ActorOf(u).SetupNeeded {
		t.Errorf("after the reset the agent is %+v", u)
	}
	sess = f.mustSignIn(t, "bruno@example.com", false) // no code asked: a new set-up awaits
	if st, _ := f.svc.TwoFactor(ctx, sess); st.Enabled || st.RecoveryCodesLeft != 0 {
		t.Errorf("after the reset: %+v (old codes %v)", st, codes[:1])
	}
	if _, err := f.svc.ResetTwoFactor(ctx, "bruno@example.com"); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("a reset of nothing: %v", err)
	}
	// A set-up begun and never confirmed is nothing to reset (and no mail to send).
	if _, err := f.svc.BeginTwoFactor(ctx, sess, "Horizon Courtage"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ResetTwoFactor(ctx, "bruno@example.com"); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("a reset of an unconfirmed set-up: %v", err)
	}
	if _, err := f.svc.ResetTwoFactor(ctx, "nobody@example.com"); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("a reset of nobody: %v", err)
	}
	kinds, payloads := f.events(t)
	var disabled []bool
	for i, k := range kinds {
		if k == event.TwoFactorDisabled {
			disabled = append(disabled, payloads[i].ByStaff)
		}
	}
	if len(disabled) != 2 || disabled[0] || !disabled[1] {
		t.Errorf("TwoFactorDisabled by staff: %v, want [false true]", disabled)
	}
}

// fieldOf is the form field of err, "" when none.
func fieldOf(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}
