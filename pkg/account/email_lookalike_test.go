package account

import (
	"context"
	"strings"
	"testing"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// TestNewAddressScripts: an address that names a new account is written
// in one script per part (local part, each label of the domain), does
// not imitate Latin letters with another script, and its domain is kept
// in its ASCII (punycode) form. French addresses with accents, and
// addresses wholly in another script that reads as itself, are welcome.
func TestNewAddressScripts(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	const mixed, imitates, fake = "plusieurs alphabets", "imite des lettres latines", "caractères ordinaires"
	cases := []struct {
		name, email string
		want        string // the stored address; "" when refused
		msg         string // part of the refusal
	}{
		{"Cyrillic е in the local part", "cli\u0435nta@exemple.fr", "", mixed},
		{"Cyrillic е in the domain", "clienta@\u0435xemple.fr", "", mixed},
		{"Cyrillic domain typed as punycode", "clienta@xn--xemple-2of.fr", "", mixed},
		{"whole-Cyrillic label that reads as Latin", "clienta@\u0440\u0430\u0443.fr", "", imitates},
		{"whole-Cyrillic local part that reads as Latin", "\u0440\u0430\u0443@exemple.fr", "", imitates},
		{"Greek omicron", "cli\u03bfnta@exemple.fr", "", mixed},
		{"Greek omicron in the domain", "clienta@ex\u03bfmple.fr", "", mixed},
		{"full-width letters", "ｃｌｉｅｎｔａ@exemple.fr", "", fake},
		{"full-width dot in the domain", "clienta@exemple．fr", "", fake},
		{"broken punycode", "clienta@xn--zz.fr", "", "adresse e-mail valide"},
		{"accented local part", "Élodie@exemple.fr", "élodie@exemple.fr", ""},
		{"accents everywhere", "françois.lefèvre@exemple.fr", "françois.lefèvre@exemple.fr", ""},
		{"accented domain kept as punycode", "zoé@café.fr", "zoé@xn--caf-dma.fr", ""},
		{"punycode typed in capitals", "chloe@XN--CAF-DMA.fr", "chloe@xn--caf-dma.fr", ""},
		{"wholly Cyrillic and reads as such", "иван@почта.рф", "иван@xn--80a1acny.xn--p1ai", ""},
		{"Japanese mixes its own scripts", "taro@日本語ドメイン.jp", "taro@xn--eckwd4c7c5976acvb2w6i.jp", ""},
		{"digits with letters", "jean2026@exemple.fr", "jean2026@exemple.fr", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u, err := f.svc.Create(ctx, NewUser{Email: c.email, Password: goodPassword})
			if c.want == "" {
				wantErr(t, err, apperr.EINVALID, "email", c.msg)
				return
			}
			if err != nil || u.Email != c.want {
				t.Fatalf("Create(%q) = %v, %v; want %q", c.email, u, err, c.want)
			}
			if _, err := f.svc.GetByEmail(ctx, c.email); err != nil {
				t.Errorf("the account is not found by the address as typed: %v", err)
			}
		})
	}
}

// TestLookAlikeOfAnAccountIsTaken: an address that reads like an
// existing account's (same UTS #39 skeleton, or the same domain in
// Unicode and punycode) is taken, with the words of any taken address,
// at sign-up, at a change of address and when an admin makes an account;
// nothing is written.
func TestLookAlikeOfAnAccountIsTaken(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.mustCreate(t, "clienta@exemple.fr", RoleClient)
	f.mustCreate(t, "zoé@café.fr", RoleClient)
	admin := ActorOf(f.mustCreateStaff(t, "admin@exemple.fr", RoleAdmin))
	f.mustCreate(t, "paul@exemple.fr", RoleClient)
	paul := f.session(t, f.mustSignIn(t, "paul@exemple.fr", false).Token)
	taken := errEmailTaken().(*apperr.Error).Message
	lookAlikes := []string{
		"CLIENTA@EXEMPLE.FR",
		"c1ienta@exemple.fr",      // digit one for l
		"cl\u0131enta@exemple.fr", // dotless ı
		"client\u0251@exemple.fr", // Latin alpha ɑ
		"clienta@exernple.fr",     // rn for m
		"zoé@xn--caf-dma.fr",      // the punycode of café.fr
		"zoe\u0301@cafe\u0301.fr", // the same letters, decomposed
		"zo\u00e9@XN--CAF-DMA.FR", // punycode in capitals
		"clienta@exemp\u0031e.fr", // digit one in the domain
		"cli\u0117nta@exemple.fr", // not a look-alike: ė is a letter of its own
	}
	count := func() int {
		var n int
		err := f.db.ReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM users").Scan(&n)
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for i, email := range lookAlikes {
		t.Run(email, func(t *testing.T) {
			if i == len(lookAlikes)-1 {
				// The control case: a real other address is free.
				if _, err := f.svc.Create(ctx, NewUser{Email: email, Password: goodPassword}); err != nil {
					t.Fatal(err)
				}
				return
			}
			before := count()
			_, _, err := f.svc.Register(ctx, NewUser{Email: email, Password: goodPassword}, "192.0.2.9")
			wantErr(t, err, apperr.ECONFLICT, "email", taken)
			_, err = f.svc.CreateAs(ctx, admin, NewUser{Email: email, Role: RoleAgent})
			wantErr(t, err, apperr.ECONFLICT, "email", taken)
			_, err = f.svc.Create(ctx, NewUser{Email: email, Password: goodPassword, Role: RoleAgent})
			wantErr(t, err, apperr.ECONFLICT, "email", taken)
			_, _, err = f.svc.UpdateProfile(ctx, paul, ProfileUpdate{Email: &email, CurrentPassword: goodPassword})
			wantErr(t, err, apperr.ECONFLICT, "email", taken)
			if n := count(); n != before {
				t.Errorf("%d accounts, want %d", n, before)
			}
			if u, err := f.svc.Get(ctx, paul.UID); err != nil || u.Email != "paul@exemple.fr" {
				t.Errorf("paul's address became %v, %v", u, err)
			}
		})
	}
}

// TestSkeletonsFilledForEarlierAccounts: accounts made before the
// skeletons (or by an older build) get theirs when the service starts,
// their Unicode domain is written in ASCII form, twins made by the old
// rules are kept and reported, and a new look-alike of them is taken.
// When the rules change, every skeleton is made again.
func TestSkeletonsFilledForEarlierAccounts(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	a := f.mustCreate(t, "clienta@exemple.fr", RoleClient)
	b := f.mustCreate(t, "clientb@exemple.fr", RoleClient)
	z := f.mustCreate(t, "zoe@exemple.fr", RoleClient)
	exec := func(q string, args ...any) {
		t.Helper()
		err := f.db.WriteTx(ctx, func(tx *store.Tx) error { _, err := tx.ExecContext(ctx, q, args...); return err })
		if err != nil {
			t.Fatal(err)
		}
	}
	// The database as the old rules left it: a Cyrillic twin, a Unicode
	// domain, no skeletons.
	exec("UPDATE users SET email = ? WHERE uid = ?", "cli\u0435nta@exemple.fr", b.UID)
	exec("UPDATE users SET email = ? WHERE uid = ?", "zoé@café.fr", z.UID)
	exec("UPDATE users SET email_skeleton = NULL")
	exec("DELETE FROM app_meta WHERE key = ?", skeletonMetaKey)

	svc, err := New(f.db, Config{Logger: f.svc.log, Now: f.clock.Now, Argon: testParams})
	if err != nil {
		t.Fatal(err)
	}
	f.svc = svc
	skeletons := func() map[string]string {
		out := map[string]string{}
		err := f.db.ReadTx(ctx, func(tx *store.Tx) error {
			rows, err := tx.QueryContext(ctx, "SELECT uid, email, COALESCE(email_skeleton, '') FROM users")
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var uid, email, skel string
				if err := rows.Scan(&uid, &email, &skel); err != nil {
					return err
				}
				out[uid] = email + " " + skel
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	want := map[string]string{
		a.UID: "clienta@exemple.fr clienta@exernple.fr",
		b.UID: "cli\u0435nta@exemple.fr clienta@exernple.fr",
		z.UID: "zoé@xn--caf-dma.fr zoe\u0301@cafe\u0301.fr",
	}
	got := skeletons()
	for uid, w := range want {
		if got[uid] != w {
			t.Errorf("%s: %q, want %q", uid, got[uid], w)
		}
	}
	if !strings.Contains(f.logs.String(), "comptes aux adresses semblables") || !strings.Contains(f.logs.String(), b.UID) {
		t.Errorf("the twins were not reported:\n%s", f.logs)
	}
	// Both twins still sign in; the Unicode spelling finds the account.
	f.mustSignIn(t, "clienta@exemple.fr", false)
	f.mustSignIn(t, "cli\u0435nta@exemple.fr", false)
	f.mustSignIn(t, "zoé@café.fr", false)
	_, _, err = f.svc.Register(ctx, NewUser{Email: "c1ienta@exemple.fr", Password: goodPassword}, "192.0.2.9")
	wantErr(t, err, apperr.ECONFLICT, "email", "Un compte existe déjà")

	// New rules: every skeleton is made again, the stale one too.
	exec("UPDATE users SET email_skeleton = 'périmé' WHERE uid = ?", a.UID)
	exec("UPDATE app_meta SET value = 'anciennes règles' WHERE key = ?", skeletonMetaKey)
	if _, err := New(f.db, Config{Argon: testParams}); err != nil {
		t.Fatal(err)
	}
	if got := skeletons()[a.UID]; got != want[a.UID] {
		t.Errorf("after a change of rules: %q, want %q", got, want[a.UID])
	}
}
