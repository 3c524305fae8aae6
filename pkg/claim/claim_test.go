package claim_test

import (
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/claim"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/desk"
)

// TestDeclareOnAContract: a client declares a collision on their signed
// car contract; the claim has its reference, the contract's insurer and
// assistance line, the last day to declare, a first step and an event.
func TestDeclareOnAContract(t *testing.T) {
	f := newFixture(t)
	k := contracttest.Signed(t, f.app, f.marie, "2026-03-03", "AB-123-CD")
	f.clock.Advance(3 * 24 * time.Hour) // Thursday 5 March
	d := claim.Draft{ContractID: k.ID, Kind: "collision", OccurredAt: "2026-03-04",
		Description: "Accrochage en sortant du parking, pare-chocs arrière enfoncé.",
		Answers: map[string]string{"place": "Parking du Carrefour, Lyon 3e", "injured": "no", "otherParty": "yes",
			"otherName": "Jean Dupont", "otherPlate": "EF-456-GH", "constat": "signed", "vehicleLocation": "Chez moi"}}
	c := f.declare(t, f.marie, d)
	if !strings.HasPrefix(c.Ref, "SN-2026-") || c.Status != "declared" || c.StatusLabel != "Déclaré" {
		t.Errorf("claim %s %s %s", c.Ref, c.Status, c.StatusLabel)
	}
	if c.Contract != k.Number || c.Insurer != k.Insurer || c.Product != "car" || c.KindLabel != "Accident ou accrochage" {
		t.Errorf("contract %q insurer %q product %q kind %q", c.Contract, c.Insurer, c.Product, c.KindLabel)
	}
	if c.DeclareBy != "2026-03-11" || c.Late || !strings.Contains(c.DeclareRule, "L113-2") {
		t.Errorf("declare by %s (%s), late %v", c.DeclareBy, c.DeclareRule, c.Late)
	}
	if c.Assistance == nil || c.Assistance.Phone == "" {
		t.Errorf("no assistance line for %s", c.Insurer)
	}
	if len(c.Answers) != 7 || c.Answers[0].ID != "place" || len(c.History) != 1 || strings.Join(c.Actions, ",") != "file,message" {
		t.Errorf("answers %v, history %v, actions %v", c.Answers, c.History, c.Actions)
	}
	if n := f.count(t, "SELECT COUNT(*) FROM events WHERE kind = 'claim.declared'"); n != 1 {
		t.Errorf("%d claim.declared events", n)
	}
	d.OccurredAt = "2026-03-02"
	if _, err := f.app.Claims.Declare(f.ctx, f.marie, d); codeOf(err) != apperr.EINVALID || !strings.Contains(apperr.MessageOf(err), "précède le début") {
		t.Errorf("a loss before the cover: %v", err)
	}
	d.OccurredAt = "2026-03-04"
	if _, err := f.app.Claims.Declare(f.ctx, f.paul, d); codeOf(err) != apperr.ENOTFOUND {
		t.Errorf("on another's contract: %v", err)
	}
	if _, err := f.app.Claims.Declare(f.ctx, f.agent, d); codeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("staff declaring: %v", err)
	}
	if _, err := f.app.Claims.Declare(f.ctx, account.Visitor, d); codeOf(err) != apperr.EUNAUTHORIZED {
		t.Errorf("a visitor declaring: %v", err)
	}
}

// TestDeclareChecksEveryField: a bad declaration names every wrong field.
func TestDeclareChecksEveryField(t *testing.T) {
	f := newFixture(t)
	ok := elsewhere("2026-03-01")
	for _, c := range []struct {
		name   string
		change func(d *claim.Draft)
		fields []string
	}{
		{"nothing", func(d *claim.Draft) { *d = claim.Draft{} }, []string{"insurer", "policyNumber", "product", "kind", "occurredAt", "description"}},
		{"a product not insured here", func(d *claim.Draft) { d.Product = "yacht" }, []string{"product"}},
		{"a kind of another product", func(d *claim.Draft) { d.Kind = "glass" }, []string{"kind"}},
		{"a date in the future", func(d *claim.Draft) { d.OccurredAt = "2026-03-03" }, []string{"occurredAt"}},
		{"a date not a date", func(d *claim.Draft) { d.OccurredAt = "01/03/2026" }, []string{"occurredAt"}},
		{"a loss prescribed", func(d *claim.Draft) { d.OccurredAt = "2024-03-01" }, []string{"occurredAt"}},
		{"a short story", func(d *claim.Draft) { d.Description = "Fuite." }, []string{"description"}},
		{"a required answer missing", func(d *claim.Draft) { delete(d.Answers, "waterStopped") }, []string{"answers.waterStopped"}},
		{"a yes/no answered otherwise", func(d *claim.Draft) { d.Answers["waterStopped"] = "peut-être" }, []string{"answers.waterStopped"}},
		{"an option not offered", func(d *claim.Draft) { d.Answers["waterSource"] = "ciel" }, []string{"answers.waterSource"}},
		{"a question not asked", func(d *claim.Draft) { d.Answers["injured"] = "no" }, []string{"answers.injured"}},
		{"a question of another product", func(d *claim.Draft) { d.Answers["otherPlate"] = "AB-123-CD" }, []string{"answers.otherPlate"}},
		{"a conditional question without its condition", func(d *claim.Draft) { d.Answers["neighbour"] = "M. Voisin" }, []string{"answers.neighbour"}},
		{"a control character", func(d *claim.Draft) { d.Insurer = "Assur\x00ances" }, []string{"insurer"}},
		{"a contract that does not exist", func(d *claim.Draft) { d.ContractID = "nope" }, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := ok
			d.Answers = map[string]string{}
			for k, v := range ok.Answers {
				d.Answers[k] = v
			}
			c.change(&d)
			_, err := f.app.Claims.Declare(f.ctx, f.marie, d)
			if c.fields == nil {
				if codeOf(err) != apperr.ENOTFOUND {
					t.Fatalf("err %v, want not found", err)
				}
				return
			}
			e, isApp := err.(*apperr.Error)
			if !isApp || e.Code != apperr.EINVALID {
				t.Fatalf("err %v, want invalid", err)
			}
			var got []string
			for _, fm := range e.Fields {
				got = append(got, fm.Field)
				if fm.Message == "" || strings.Contains(fm.Message, "%!") {
					t.Errorf("field %s: message %q", fm.Field, fm.Message)
				}
			}
			if strings.Join(got, ",") != strings.Join(c.fields, ",") {
				t.Errorf("fields %v, want %v", got, c.fields)
			}
		})
	}
	if n := f.count(t, "SELECT COUNT(*) FROM claims"); n != 0 {
		t.Errorf("%d claims stored by bad declarations", n)
	}
	if _, err := f.app.Claims.Declare(f.ctx, f.marie, ok); err != nil {
		t.Fatalf("the good one: %v", err)
	}
}

// TestMovesByRole tries every move from every status as every role: the
// client and an agent who did not take the claim never move it; the
// agent who took it and an admin make exactly the machine's moves.
func TestMovesByRole(t *testing.T) {
	f := newFixture(t)
	paths := map[string][]string{
		"declared": nil, "transmitted": {"transmitted"}, "expertise": {"transmitted", "expertise"},
		"pieces": {"pieces"}, "indemnified": {"transmitted", "indemnified"}, "refused": {"transmitted", "refused"}, "closed": {"closed"},
	}
	statuses := []string{"declared", "transmitted", "expertise", "pieces", "indemnified", "refused", "closed"}
	allowed := 0
	for _, from := range statuses {
		for _, to := range statuses {
			f.clock.Advance(3 * time.Hour) // under the limit of declarations a day
			c := f.declare(t, f.marie, elsewhere("2026-03-01"))
			f.take(t, f.agent, c.ID)
			for _, st := range paths[from] {
				f.move(t, f.boss, c.ID, input(st))
			}
			want := claim.CanMove(desk.Status(from), desk.Status(to))
			for _, who := range []struct {
				name  string
				actor account.Actor
				code  apperr.Code
			}{
				{"the client", f.marie, apperr.EFORBIDDEN},
				{"an agent who did not take it", f.agent2, apperr.EFORBIDDEN},
			} {
				if _, err := f.app.Claims.Move(f.ctx, who.actor, c.ID, input(to)); codeOf(err) != who.code {
					t.Errorf("%s → %s by %s: %v, want %s", from, to, who.name, err, who.code)
				}
			}
			for _, who := range []account.Actor{f.agent, f.boss} {
				_, err := f.app.Claims.Move(f.ctx, who, c.ID, input(to))
				switch {
				case want && err != nil:
					t.Errorf("%s → %s by %s refused: %v", from, to, who.Name, err)
				case !want && codeOf(err) != apperr.ECONFLICT:
					t.Errorf("%s → %s by %s: %v, want a conflict", from, to, who.Name, err)
				}
				if want {
					allowed++
					break // moved: the admin would start from `to`
				}
			}
		}
	}
	if allowed != 24 {
		t.Errorf("%d moves allowed, want the machine's 24", allowed)
	}
}

// TestMoveNeedsItsField: each move that asks for something refuses
// without it, and the client reads the step.
func TestMoveNeedsItsField(t *testing.T) {
	f := newFixture(t)
	c := f.declare(t, f.marie, elsewhere("2026-03-01"))
	f.take(t, f.agent, c.ID)
	for _, x := range []struct {
		in    claim.MoveInput
		field string
	}{
		{claim.MoveInput{Status: "transmitted"}, "insurerRef"},
		{claim.MoveInput{Status: "pieces", Asked: "x"}, "asked"},
	} {
		_, err := f.app.Claims.Move(f.ctx, f.agent, c.ID, x.in)
		if e, ok := err.(*apperr.Error); !ok || e.Field != x.field {
			t.Errorf("%s without %s: %v", x.in.Status, x.field, err)
		}
	}
	f.move(t, f.agent, c.ID, claim.MoveInput{Status: "transmitted", InsurerRef: "EX-2026-4411", Note: "Un expert vous appellera."})
	for _, x := range []struct {
		in    claim.MoveInput
		field string
	}{
		{claim.MoveInput{Status: "indemnified"}, "amountCents"},
		{claim.MoveInput{Status: "indemnified", AmountCents: -5}, "amountCents"},
		{claim.MoveInput{Status: "indemnified", AmountCents: claim.MaxAmountCents + 1}, "amountCents"},
		{claim.MoveInput{Status: "refused", Reason: "Non."}, "reason"},
	} {
		_, err := f.app.Claims.Move(f.ctx, f.agent, c.ID, x.in)
		if e, ok := err.(*apperr.Error); !ok || e.Field != x.field {
			t.Errorf("%s: %v, want an error on %s", x.in.Status, err, x.field)
		}
	}
	got, err := f.app.Claims.Get(f.ctx, f.marie, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	last := got.History[len(got.History)-1]
	if got.InsurerRef != "EX-2026-4411" || last.Label != "Transmis à l’assureur" ||
		!strings.Contains(last.Text, "EX-2026-4411") || !strings.Contains(last.Text, "Un expert vous appellera.") {
		t.Errorf("the client reads %q %+v", got.InsurerRef, last)
	}
	s := f.move(t, f.agent, c.ID, claim.MoveInput{Status: "refused", Reason: "La garantie dégât des eaux n'est pas souscrite."})
	if s.Mediator == "" || !strings.Contains(s.Mediator, "Médiation de l’Assurance") || len(s.Moves) != 2 {
		t.Errorf("a refusal: mediator %q, moves %v", s.Mediator, s.Moves)
	}
	if n := f.count(t, "SELECT COUNT(*) FROM events WHERE kind = 'claim.moved'"); n != 2 {
		t.Errorf("%d claim.moved events, want 2", n)
	}
}

// TestPieceAskedAndSent: a piece asked puts the claim on the client's
// side; the file they send puts it back where it was.
func TestPieceAskedAndSent(t *testing.T) {
	f := newFixture(t)
	c := f.declare(t, f.marie, elsewhere("2026-03-01"))
	f.take(t, f.agent, c.ID)
	f.move(t, f.agent, c.ID, input("transmitted"))
	f.move(t, f.agent, c.ID, claim.MoveInput{Status: "pieces", Asked: "La facture du plombier."})
	jpeg := []byte("\xff\xd8\xff\xe0 fake but stored as given")
	got, err := f.app.Claims.AddFile(f.ctx, f.marie, c.ID, claim.Upload{Name: "facture.jpg", MIME: "image/jpeg", Data: jpeg, SHA256: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != "transmitted" || got.Asked != "" || len(got.Files) != 1 || got.Files[0].FromStaff {
		t.Errorf("after the piece: %s %q %v", got.Status, got.Asked, got.Files)
	}
	if last := got.History[len(got.History)-1]; !strings.Contains(last.Text, "facture.jpg") {
		t.Errorf("last step %+v", last)
	}
	f2, name, err := f.app.Claims.FileOf(f.ctx, f.agent2, c.ID, got.Files[0].ID)
	if err != nil || string(f2.Data) != string(jpeg) || name != "facture.jpg" {
		t.Errorf("staff read the file: %v %q", err, name)
	}
	f.move(t, f.agent, c.ID, claim.MoveInput{Status: "pieces", Asked: "Une photo du parquet."})
	got, err = f.app.Claims.Write(f.ctx, f.marie, c.ID, "Le parquet a été retiré, je n'ai plus que la facture.")
	if err != nil || got.Status != "transmitted" || len(got.Messages) != 1 || !got.Messages[0].FromClient {
		t.Fatalf("a message answers the piece: %v %s %v", err, got.Status, got.Messages)
	}
	s, err := f.app.Claims.Write(f.ctx, f.agent, c.ID, "Merci, nous transmettons.")
	if err != nil || len(s.Messages) != 2 || s.Messages[1].FromClient || s.Messages[1].AuthorName != "Alain Agent" {
		t.Fatalf("the agent answers: %v %v", err, s)
	}
	if n := f.count(t, "SELECT COUNT(*) FROM events WHERE kind = 'claim.message'"); n != 1 {
		t.Errorf("%d claim.message events, want 1 (the agent's)", n)
	}
	f.move(t, f.agent, c.ID, claim.MoveInput{Status: "indemnified", AmountCents: 125050})
	if _, err := f.app.Claims.AddFile(f.ctx, f.marie, c.ID, claim.Upload{Name: "b.jpg", MIME: "image/jpeg", Data: []byte("b"), SHA256: "y"}); codeOf(err) != apperr.ECONFLICT {
		t.Errorf("a file on an indemnified claim: %v", err)
	}
}

// TestClaimsOfOthersAreNotFound: guessing another client's claim or file
// answers the same as a claim that does not exist.
func TestClaimsOfOthersAreNotFound(t *testing.T) {
	f := newFixture(t)
	c := f.declare(t, f.marie, elsewhere("2026-03-01"))
	up := claim.Upload{Name: "a.png", MIME: "image/png", Data: []byte("\x89PNG"), SHA256: "z"}
	mine, err := f.app.Claims.AddFile(f.ctx, f.marie, c.ID, up)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{c.ID, "AAAAAAAAAAAAAAAAAAAAAAAAAA", ""} {
		if _, err := f.app.Claims.Get(f.ctx, f.paul, id); codeOf(err) != apperr.ENOTFOUND {
			t.Errorf("Get %q: %v", id, err)
		}
		if _, err := f.app.Claims.AddFile(f.ctx, f.paul, id, up); codeOf(err) != apperr.ENOTFOUND {
			t.Errorf("AddFile %q: %v", id, err)
		}
		if _, err := f.app.Claims.Write(f.ctx, f.paul, id, "Bonjour"); codeOf(err) != apperr.ENOTFOUND {
			t.Errorf("Write %q: %v", id, err)
		}
		if _, _, err := f.app.Claims.FileOf(f.ctx, f.paul, id, mine.Files[0].ID); codeOf(err) != apperr.ENOTFOUND {
			t.Errorf("FileOf %q: %v", id, err)
		}
	}
	if _, _, err := f.app.Claims.FileOf(f.ctx, f.marie, c.ID, "other"); codeOf(err) != apperr.ENOTFOUND {
		t.Errorf("a file id guessed: %v", err)
	}
	if list, err := f.app.Claims.Mine(f.ctx, f.paul); err != nil || len(list) != 0 {
		t.Errorf("Paul's list: %v %v", list, err)
	}
	if _, err := f.app.Claims.StaffDetail(f.ctx, f.paul, c.ID); codeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("a client reads the desk's view: %v", err)
	}
}

// TestLateDeclaration: declared on the last day is in time; the day
// after is late, and still taken.
func TestLateDeclaration(t *testing.T) {
	f := newFixture(t) // Monday 2 March
	for _, c := range []struct {
		occurred, by string
		late         bool
	}{
		{"2026-02-23", "2026-03-02", false}, // Monday + 5 working days: today
		{"2026-02-20", "2026-02-27", true},  // Friday + 5: last Friday
	} {
		got := f.declare(t, f.marie, elsewhere(c.occurred))
		if got.DeclareBy != c.by || got.Late != c.late {
			t.Errorf("occurred %s: by %s late %v, want %s %v", c.occurred, got.DeclareBy, got.Late, c.by, c.late)
		}
	}
	d := elsewhere("2026-02-25")
	d.Kind, d.Answers = "natural", map[string]string{"place": "Lyon", "rooms": "Rez-de-chaussée"}
	got := f.declare(t, f.marie, d)
	if got.DeclareBy != "" || got.Late || !strings.Contains(got.DeclareRule, "arrêté") {
		t.Errorf("a natural disaster without decree: %q %v %q", got.DeclareBy, got.Late, got.DeclareRule)
	}
	d.Answers["decreeDate"] = "2026-02-27"
	if got = f.declare(t, f.marie, d); got.DeclareBy != "2026-03-29" {
		t.Errorf("with its decree: %q", got.DeclareBy)
	}
	d.Answers["decreeDate"] = "2026-03-03"
	if _, err := f.app.Claims.Declare(f.ctx, f.marie, d); codeOf(err) != apperr.EINVALID {
		t.Errorf("a decree after today: %v", err)
	}
}
