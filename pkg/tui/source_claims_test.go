package tui

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/claim"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/store/storetest"
)

// TestAppSourceClaim runs the claim's part of the Source over a real App,
// read-only: the request reads the claim whole, a file is saved with its
// bytes, twice under two names, and the overview counts the claim.
func TestAppSourceClaim(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	client := account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "jeanne@exemple.fr", Password: "cheval-agrafe-correct-42",
		DisplayName: "Jeanne Martin", Role: account.RoleClient}, clock.Now()))
	c, err := a.Claims.Declare(ctx, client, claim.Draft{Insurer: "Assurances Exemple SA", PolicyNumber: "AB-123456", Product: "home", Kind: "water",
		OccurredAt: "2026-02-27", Description: "Fuite sous l'évier de la cuisine, parquet gonflé.",
		Answers: map[string]string{"place": "12 rue des Lilas, Lyon", "rooms": "Cuisine", "waterStopped": "yes", "waterSource": "mine"}})
	if err != nil {
		t.Fatal(err)
	}
	// The smallest JPEG the upload would keep: its bytes as they are stored.
	data := []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9")
	sum := sha256.Sum256(data)
	if _, err := a.Claims.AddFile(ctx, client, c.ID, claim.Upload{Name: "photo-1.jpg", MIME: "image/jpeg", Data: data, SHA256: hex.EncodeToString(sum[:])}); err != nil {
		t.Fatal(err)
	}

	ro := NewAppSource(a, account.Visitor).(*appSource)
	d, err := ro.Request(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Claim == nil || len(d.Claim.Files) != 1 || d.Claim.Files[0].Name != "photo-1.jpg" || len(d.Claim.History) != 1 {
		t.Fatalf("claim read: %+v", d.Claim)
	}
	want := map[string]string{"Contrat": "Assurances Exemple SA, contrat n°\u00a0AB-123456 souscrit ailleurs", "Nature": "Dégât des eaux",
		"Survenu le": "27\u00a0février\u00a02026", "Description": "Fuite sous l'évier de la cuisine, parquet gonflé."}
	for _, l := range d.Lines {
		if w, ok := want[l[0]]; ok && l[1] != w {
			t.Errorf("%s: %q, want %q", l[0], l[1], w)
		}
		delete(want, l[0])
	}
	if len(want) > 0 {
		t.Errorf("lines missing: %v in %q", want, d.Lines)
	}
	dir := t.TempDir()
	for _, name := range []string{"photo-1.jpg", "photo-1 (2).jpg"} {
		saved, err := ro.SaveClaimFile(ctx, c.ID, d.Claim.Files[0].ID, dir)
		if err != nil || saved.Path != filepath.Join(dir, name) || saved.Size != len(data) {
			t.Errorf("saved %+v, %v; want %s", saved, err, name)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(got, data) {
			t.Errorf("%s holds %q", name, got)
		}
	}
	if _, err := ro.SaveClaimFile(ctx, c.ID, "inconnu", dir); err == nil || errorText(err) != "Ce document est introuvable." {
		t.Errorf("an unknown file: %v", err)
	}
	ov, err := ro.Overview(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if ov.Claims == nil || ov.Claims.Open != 1 {
		t.Errorf("claims' counts: %+v", ov.Claims)
	}
}

// TestAppSourceMoveClaim moves a claim through the Source over a real
// App, step by step, with the rules of the web desk's claim status
// endpoint: read-only and an agent who has not taken it are refused, a
// move the machine does not allow or without its field is refused in
// French, and every step done shows in the claim read again.
func TestAppSourceMoveClaim(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	person := func(email, name string, role account.Role) account.Actor {
		return account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: email, Password: "cheval-agrafe-correct-42",
			DisplayName: name, Role: role}, clock.Now()))
	}
	client := person("jeanne@exemple.fr", "Jeanne Martin", account.RoleClient)
	agent := person("arthur@exemple.fr", "Arthur Agent", account.RoleAgent)
	other := person("berenice@exemple.fr", "Bérénice Agent", account.RoleAgent)
	c, err := a.Claims.Declare(ctx, client, claim.Draft{Insurer: "Assurances Exemple SA", PolicyNumber: "AB-123456", Product: "home", Kind: "water",
		OccurredAt: "2026-02-27", Description: "Fuite sous l'évier de la cuisine, parquet gonflé.",
		Answers: map[string]string{"place": "12 rue des Lilas, Lyon", "rooms": "Cuisine", "waterStopped": "yes", "waterSource": "mine"}})
	if err != nil {
		t.Fatal(err)
	}
	ro, ag, ot := NewAppSource(a, account.Visitor), NewAppSource(a, agent), NewAppSource(a, other)
	if err := ag.Take(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name   string
		src    Source
		in     claim.MoveInput
		code   apperr.Code // "" when the move is made
		msg    string      // the French message, or a part of it
		status string      // the claim's status after the step
	}{
		{"read-only", ro, claim.MoveInput{Status: "transmitted", InsurerRef: "EX-1"}, apperr.EFORBIDDEN, "Lecture seule", "declared"},
		{"an agent who has not taken it", ot, claim.MoveInput{Status: "transmitted", InsurerRef: "EX-1"}, apperr.EFORBIDDEN, "", "declared"},
		{"a move the machine refuses", ag, claim.MoveInput{Status: "indemnified", AmountCents: 100}, apperr.ECONFLICT,
			"Un sinistre «\u00a0Déclaré\u00a0» ne peut pas passer à «\u00a0Indemnisé\u00a0».", "declared"},
		{"without the insurer's number", ag, claim.MoveInput{Status: "transmitted"}, apperr.EINVALID, "numéro de sinistre", "declared"},
		{"transmitted", ag, claim.MoveInput{Status: "transmitted", InsurerRef: "EX-2026-4411"}, "", "", "transmitted"},
		{"indemnified without an amount", ag, claim.MoveInput{Status: "indemnified"}, apperr.EINVALID, "montant de l’indemnité", "transmitted"},
		{"indemnified", ag, claim.MoveInput{Status: "indemnified", AmountCents: 125050, Note: "Le virement part demain."}, "", "", "indemnified"},
		{"closed", ag, claim.MoveInput{Status: "closed"}, "", "", "closed"},
	}
	for _, st := range steps {
		err := st.src.MoveClaim(ctx, c.ID, st.in)
		if apperr.CodeOf(err) != st.code && !(st.code == "" && err == nil) || !strings.Contains(errorText(err), st.msg) {
			t.Errorf("%s: %v (%s), want %s %q", st.name, err, apperr.CodeOf(err), st.code, st.msg)
		}
		d, err := ag.Request(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if d.Claim.Status != st.status {
			t.Errorf("%s: status %s, want %s", st.name, d.Claim.Status, st.status)
		}
	}
	d, err := ag.Request(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	last := d.Claim.History[len(d.Claim.History)-2]
	if last.Status != "indemnified" || !strings.Contains(last.Text, "1\u202f250,50\u00a0€") || !strings.Contains(last.Text, "Le virement part demain.") {
		t.Errorf("the client's step: %+v", last)
	}
	if len(d.Claim.Moves) != 1 || d.Claim.Moves[0].Status != "transmitted" {
		t.Errorf("the moves from « Clos »: %+v", d.Claim.Moves)
	}
}

// TestAppSourceClaimResponsibility records a car claim's responsibility
// through the Source over a real App, with the rules of the web desk's
// endpoint: read-only and an agent who has not taken it are refused, a
// home insured elsewhere has none, and the value saved shows in the
// claim read again and in its line.
func TestAppSourceClaimResponsibility(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	agent := account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "arthur@exemple.fr",
		Password: contracttest.Password, DisplayName: "Arthur Agent", Role: account.RoleAgent}, clock.Now()))
	marie := contracttest.Client(t, a, "marie@exemple.fr", "Marie Durand")
	k := contracttest.Signed(t, a, marie, "2026-03-10", "AB-123-CD")
	clock.Advance(10 * 24 * time.Hour) // 2026-03-12: the cover runs
	car, err := a.Claims.Declare(ctx, marie, claim.Draft{ContractID: k.ID, Kind: "collision", OccurredAt: "2026-03-11",
		Description: "Accrochage sur le parking du supermarché, pare-chocs enfoncé.",
		Answers: map[string]string{"place": "Parking Auchan, Lyon", "injured": "no", "otherParty": "yes", "otherName": "Jean Martin",
			"otherPlate": "CD-456-EF", "otherInsurer": "Assurances Exemple", "constat": "signed"}})
	if err != nil {
		t.Fatal(err)
	}
	home, err := a.Claims.Declare(ctx, marie, claim.Draft{Insurer: "Assurances Exemple SA", PolicyNumber: "AB-123456", Product: "home", Kind: "water",
		OccurredAt: "2026-03-11", Description: "Fuite sous l'évier de la cuisine, parquet gonflé.",
		Answers: map[string]string{"place": "12 rue des Lilas, Lyon", "rooms": "Cuisine", "waterStopped": "yes", "waterSource": "mine"}})
	if err != nil {
		t.Fatal(err)
	}
	ro, ag := NewAppSource(a, account.Visitor), NewAppSource(a, agent)
	steps := []struct {
		name, id, value string
		code            apperr.Code // "" when it is saved
		msg             string
		want            string // the responsibility read again
	}{
		{"read-only", car.ID, "full", apperr.EFORBIDDEN, "Lecture seule", ""},
		{"before taking it", car.ID, "full", apperr.EFORBIDDEN, "", ""},
		{"take", car.ID, "", "", "", ""},
		{"a wrong value", car.ID, "totale", apperr.EINVALID, "Choisissez la responsabilité", ""},
		{"shared", car.ID, "shared", "", "", "shared"},
		{"the same again", car.ID, "shared", "", "", "shared"},
		{"back to not known", car.ID, "", "", "", ""},
		{"full", car.ID, "full", "", "", "full"},
		{"take the home claim", home.ID, "", "", "", ""},
		{"a home insured elsewhere", home.ID, "none", apperr.EINVALID, "Seul un sinistre de véhicule", ""},
	}
	for _, st := range steps {
		var err error
		if strings.HasPrefix(st.name, "take") {
			err = ag.Take(ctx, st.id)
		} else {
			src := ag
			if st.name == "read-only" {
				src = ro
			}
			err = src.SetClaimResponsibility(ctx, st.id, st.value)
		}
		if apperr.CodeOf(err) != st.code && !(st.code == "" && err == nil) || !strings.Contains(errorText(err), st.msg) {
			t.Errorf("%s: %v (%s), want %s %q", st.name, err, apperr.CodeOf(err), st.code, st.msg)
		}
		d, err := ag.Request(ctx, st.id)
		if err != nil {
			t.Fatal(err)
		}
		if d.Claim.Responsibility != st.want {
			t.Errorf("%s: responsibility %q, want %q", st.name, d.Claim.Responsibility, st.want)
		}
	}
	d, err := ro.Request(ctx, car.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Claim.BonusMalus || d.Claim.CanWork {
		t.Errorf("read-only: bonusMalus %v canWork %v, want true false", d.Claim.BonusMalus, d.Claim.CanWork)
	}
	line := ""
	for _, l := range d.Lines {
		if l[0] == "Responsabilité retenue par l’assureur" {
			line = l[1]
		}
	}
	if line != "Entière" {
		t.Errorf("the line: %q in %q", line, d.Lines)
	}
	if h, _ := ag.Request(ctx, home.ID); h.Claim.BonusMalus {
		t.Error("a home insured elsewhere weighs on the bonus-malus")
	}
}
