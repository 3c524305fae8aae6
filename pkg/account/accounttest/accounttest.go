// Package accounttest helps the tests of other packages with accounts:
// staff that may act on the broker's side have set up their second
// factor, and tests get there the way a person does, through the service.
package accounttest

import (
	"context"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/hotp"

	"courtier/pkg/account"
)

// Code is the authenticator app's code of secret at t (RFC 6238: SHA-1,
// 6 digits, 30 seconds).
func Code(t testing.TB, secret string, at time.Time) string {
	t.Helper()
	code, err := hotp.GenerateCodeCustom(secret, uint64(at.Unix()/30), hotp.ValidateOpts{Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// SetUp sets up the second factor of the account of email as its owner
// does at first sign-in: the password, the QR code's secret, a first code
// of the app at now (the time of svc's clock). It returns the account as
// it now is and the app's secret.
func SetUp(t testing.TB, svc *account.Service, email, password string, now time.Time) (*account.User, string) {
	t.Helper()
	ctx := context.Background()
	_, sess, err := svc.SignIn(ctx, account.Credentials{Email: email, Password: password, IP: "192.0.2.250"})
	if err != nil {
		t.Fatalf("sign-in of %s to set up its second factor: %v", email, err)
	}
	setup, err := svc.BeginTwoFactor(ctx, sess, "Courtier (tests)")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.EnableTwoFactor(ctx, sess, Code(t, setup.Secret, now), password); err != nil {
		t.Fatalf("second factor of %s: %v", email, err)
	}
	if err := svc.SignOut(ctx, sess.Token); err != nil {
		t.Fatal(err)
	}
	u, err := svc.GetByEmail(ctx, email)
	if err != nil {
		t.Fatal(err)
	}
	return u, setup.Secret
}

// Staff creates an account from in and, for an agent or an admin, sets up
// its second factor (SetUp), so that its actor may act as staff.
func Staff(t testing.TB, svc *account.Service, in account.NewUser, now time.Time) *account.User {
	t.Helper()
	u, err := svc.Create(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if !account.NeedsSecondFactorSetup(u) {
		return u
	}
	u, _ = SetUp(t, svc, u.Email, in.Password, now)
	return u
}
