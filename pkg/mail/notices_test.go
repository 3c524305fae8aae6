package mail

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/event"
)

var update = flag.Bool("update", false, "rewrite the golden files of the notices")

var marie = event.Recipient{Email: "marie.durand@example.com", Name: "Marie Durand"}

// samples are an event of every kind a notice is written for, and of the
// variants a kind has.
var samples = []struct {
	kind    event.Kind
	payload any
}{
	{event.RequestReceived, quoteReceived("D-2026-00042")},
	{event.RequestReceived, event.RequestPayload{Recipient: marie, ID: "r2", Ref: "M-2026-00007", Kind: "contact",
		Due: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}},
	{event.RequestReceived, event.RequestPayload{Recipient: marie, ID: "r3", Ref: "R-2026-00003", Kind: "callback",
		Product: "Assurance habitation", SlotStart: time.Date(2026, 11, 26, 13, 0, 0, 0, time.UTC),
		SlotEnd: time.Date(2026, 11, 26, 14, 0, 0, 0, time.UTC)}},
	{event.RequestReceived, event.RequestPayload{Recipient: marie, ID: "r4", Ref: "C-2026-00002", Kind: "complaint"}},
	{event.RequestReplied, event.ReplyPayload{Recipient: marie, ID: "r2", Ref: "M-2026-00007", Kind: "contact",
		Author: "Bruno Martin", Body: "Bonjour Madame Durand,\n\nVotre contrat couvre bien le bris de glace.\nBien à vous,"}},
	{event.OffersSent, event.OffersPayload{Recipient: marie, ID: "r1", Ref: "D-2026-00042", Count: 3,
		ValidUntil: time.Date(2026, 12, 25, 0, 0, 0, 0, time.UTC)}},
	{event.OfferAccepted, event.ChoicePayload{Recipient: marie, ID: "r1", Ref: "D-2026-00042",
		Insurer: "Assurances du Bocage", Formula: "Tous risques"}},
	{event.OffersDeclined, event.ChoicePayload{Recipient: marie, ID: "r1", Ref: "D-2026-00042", Reason: "Trop cher pour moi."}},
	{event.ComplaintAcknowledged, event.ReplyPayload{Recipient: marie, ID: "r4", Ref: "C-2026-00002", Kind: "complaint",
		Author: "Claire Petit", Body: "Nous avons bien reçu votre réclamation et l'étudions.",
		Due: time.Date(2027, 1, 25, 0, 0, 0, 0, time.UTC)}},
	{event.ComplaintAnswered, event.ReplyPayload{Recipient: marie, ID: "r4", Ref: "C-2026-00002", Kind: "complaint",
		Author: "Claire Petit", Body: "Après examen, nous vous remboursons les frais de dossier.\n\n" +
			"Si cette réponse ne vous satisfait pas, vous pouvez saisir gratuitement le médiateur\u00a0: La Médiation de l’Assurance, " +
			"TSA 50110, 75441 Paris Cedex 09, https://www.mediation-assurance.org. Le médiateur doit être saisi dans un délai d’un an " +
			"à compter de votre réclamation écrite auprès de nous."}},
	{event.ChatMessageLeft, event.ChatPayload{Recipient: marie, Conversation: "c1", Agent: "Bruno Martin",
		Text: "Je vous envoie le devis demain matin."}},
	{event.PasswordResetAsked, event.AccountPayload{Recipient: marie, UID: "u1", Token: "TOKEN", Expires: testNow.Add(30 * time.Minute)}},
	{event.PasswordChanged, event.AccountPayload{Recipient: marie, UID: "u1"}},
	{event.AccountInvited, event.AccountPayload{Recipient: marie, UID: "u1", Token: "TOKEN", Expires: testNow.Add(72 * time.Hour), Role: "agent"}},
	{event.EmailConfirmAsked, event.AccountPayload{Recipient: marie, UID: "u1", Token: "TOKEN"}},
	{event.EmailChanged, event.AccountPayload{Recipient: marie, UID: "u1", Token: "TOKEN", NewEmail: "marie@example.org"}},
	{event.UnlockAsked, event.AccountPayload{Recipient: marie, UID: "u1", Token: "TOKEN"}},
	{event.AccountDeleted, event.AccountPayload{Recipient: marie, UID: "u1"}},
	{event.TwoFactorEnabled, event.AccountPayload{Recipient: marie, UID: "u1"}},
	{event.TwoFactorDisabled, event.AccountPayload{Recipient: marie, UID: "u1"}},
	{event.TwoFactorDisabled, event.AccountPayload{Recipient: marie, UID: "u1", ByStaff: true}},
	{event.RecoveryCodeUsed, event.AccountPayload{Recipient: marie, UID: "u1", CodesLeft: 9}},
	{event.PricesKept, event.PricesPayload{Recipient: marie, Quote: "q1", Ref: "DL-2026-000004", Product: "Assurance auto",
		Chosen: "Tiers étendu chez Mutuelle Fictive de l’Ouest, 48,31\u00a0€ par mois", ValidUntil: time.Date(2026, 12, 27, 0, 0, 0, 0, time.UTC)}},
	{event.PricesKept, event.PricesPayload{Recipient: event.Recipient{Email: "paul.visiteur@example.com"}, Quote: "q2", Ref: "DL-2026-000005",
		Product: "Assurance habitation", Chosen: "Confort chez Assurances Exemple SA, 19,90\u00a0€ par mois",
		ValidUntil: time.Date(2026, 12, 27, 0, 0, 0, 0, time.UTC), Token: "TOKEN"}},
	{event.ContractCodeSent, contractSample("En attente de signature", "", 0, func(p *event.ContractPayload) {
		p.Code, p.Date = "042917", time.Date(2026, 11, 27, 14, 20, 0, 0, time.UTC)
	})},
	{event.ContractSigned, contractSample("En attente de justificatifs", "", 0, func(p *event.ContractPayload) {
		p.Date = time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)
		p.Documents = []string{"Conditions particulières", "Mandat de prélèvement SEPA", "Mémo Véhicule Assuré"}
		p.Attachments = []event.Attachment{
			{Name: "conditions-particulieres-CT-2026-000007.pdf", MIME: "application/pdf", SHA256: strings.Repeat("a", 64), Size: 63_488},
			{Name: "mandat-sepa-CT-2026-000007.pdf", MIME: "application/pdf", SHA256: strings.Repeat("b", 64), Size: 59_392},
			{Name: "memo-vehicule-assure-CT-2026-000007.pdf", MIME: "application/pdf", SHA256: strings.Repeat("c", 64), Size: 52_224}}
	})},
	{event.ContractProofRefused, contractSample("En attente de justificatifs", "Relevé d’information de votre assureur précédent : la page 2 manque", 0, func(p *event.ContractPayload) {
		p.Date = time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)
	})},
	{event.ContractActivated, contractSample("Actif", "", 0, nil)},
	{event.ContractDocumentSent, contractSample("Actif", "Mémo Véhicule Assuré", 0, nil)},
	{event.ContractCancelRequested, contractSample("Résiliation demandée", "À l’échéance annuelle (article L113-12 du code des assurances).", 0, func(p *event.ContractPayload) {
		p.Date = time.Date(2027, 12, 1, 0, 0, 0, 0, time.UTC)
	})},
	{event.ContractCancelled, contractSample("Résilié", "", 0, func(p *event.ContractPayload) { p.Date = time.Date(2027, 12, 1, 0, 0, 0, 0, time.UTC) })},
	{event.ContractCancelLinkSent, contractSample("Actif", "À l’échéance annuelle (article L113-12 du code des assurances).", 0, func(p *event.ContractPayload) {
		p.Date, p.Token = time.Date(2027, 3, 10, 0, 0, 0, 0, time.UTC), "TOKEN"
	})},
	{event.ContractWithdrawn, contractSample("Rétracté", "", 3451, func(p *event.ContractPayload) { p.Date = time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC) })},
	{event.ContractNoticeSent, renewalSample(func(p *event.RenewalPayload) {
		p.Deadline = time.Date(2027, 1, 5, 0, 0, 0, 0, time.UTC)
		p.Changes = [][3]string{{"Âge du conducteur", "25 ans", "26 ans"}, {"Prime de base Tiers étendu", "770,00 €", "808,50 €"}}
		p.Late, p.LateRule = true, "Cet avis vous est envoyé moins de 15 jours avant la date limite de refus du renouvellement : vous disposez de 20 jours à compter de son envoi, soit jusqu’au 15 janvier 2027 inclus, pour refuser le renouvellement (article L113-15-1 du code des assurances)."
		p.Rights = []string{"Vous pouvez refuser le renouvellement jusqu’au 5 janvier 2027 inclus (article L113-12 du code des assurances) : votre contrat prend fin alors le 5 mars 2027."}
		p.CompareURL = "/mes-prix?id=QUOTE"
		p.Attachments = []event.Attachment{{Name: "avis-d-echeance-CT-2026-000007.pdf", MIME: "application/pdf", SHA256: strings.Repeat("d", 64), Size: 41_000}}
	})},
	{event.ContractRenewed, renewalSample(nil)},
	{event.ContractAmendmentCodeSent, amendmentSample(func(p *event.AmendmentPayload) {
		p.Code, p.Date = "482913", time.Date(2026, 4, 1, 8, 10, 0, 0, time.UTC)
	})},
	{event.ContractAmended, amendmentSample(func(p *event.AmendmentPayload) {
		p.Documents = []string{"Avenant n°\u00a01 au contrat n°\u00a0CT-2026-000007", "Conditions particulières"}
		p.ProofsNeeded = []string{"Certificat d’immatriculation (carte grise)"}
		p.ProvisionalUntil = time.Date(2026, 4, 30, 0, 0, 0, 0, time.UTC)
		p.Attachments = []event.Attachment{{Name: "avenant-CT-2026-000007.pdf", MIME: "application/pdf", SHA256: strings.Repeat("e", 64), Size: 38_000}}
	})},
	{event.ContractPaymentRejected, incidentSample("Actif", func(p *event.IncidentPayload) { p.RepresentDate = time.Date(2026, 4, 15, 0, 0, 0, 0, time.UTC) })},
	{event.ContractPaymentRejected, incidentSample("Actif", func(p *event.IncidentPayload) { p.Again = true })},
	{event.ContractFormalNotice, incidentSample("Actif", nil)},
	{event.ContractSuspended, incidentSample("Suspendu", nil)},
	{event.ContractTerminated, incidentSample("Résilié", nil)},
	{event.ContractPaymentReceived, incidentSample("Actif", func(p *event.IncidentPayload) {
		p.PaymentCents, p.PaymentDate, p.PaymentWay, p.Resumed = 4120, time.Date(2026, 5, 22, 0, 0, 0, 0, time.UTC), "virement", true
		p.CoverBackAt = time.Date(2026, 5, 23, 10, 0, 0, 0, time.UTC)
	})},
	{event.ClaimDeclared, claimSample("declared", "Déclaré", "Nous avons bien reçu votre déclaration. Nous la vérifions et la transmettons à Mutuelle Fictive de l’Ouest.", func(p *event.ClaimPayload) {
		p.DeclareBy = time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
		p.DeclareRule = "5\u00a0jours ouvrés après le sinistre, ou après le jour où vous l’avez appris (article L113-2 du code des assurances)"
	})},
	{event.ClaimMoved, claimSample("transmitted", "Transmis à l’assureur", "Votre déclaration est transmise à Mutuelle Fictive de l’Ouest, qui l’enregistre sous le numéro MFO-778812.", func(p *event.ClaimPayload) {
		p.InsurerRef = "MFO-778812"
	})},
	{event.ClaimMoved, claimSample("pieces", "En attente de pièces", "Il nous manque une pièce pour avancer\u00a0: le devis du garage.", nil)},
	{event.ClaimMoved, claimSample("indemnified", "Indemnisé", "Mutuelle Fictive de l’Ouest vous indemnise de 1\u202f250,00\u00a0€.", func(p *event.ClaimPayload) {
		p.AmountCents = 125000
	})},
	{event.ClaimMoved, claimSample("refused", "Refusé", "Mutuelle Fictive de l’Ouest refuse de prendre ce sinistre en charge\u00a0: la garantie vol n'est pas souscrite.", func(p *event.ClaimPayload) {
		p.Mediator = "Vous pouvez contester ce refus\u00a0: écrivez d’abord au service réclamations de Mutuelle Fictive de l’Ouest, nous vous aidons à le faire. Si sa réponse ne vous satisfait pas, ou sans réponse dans les deux mois, vous pouvez saisir gratuitement La Médiation de l’Assurance\u00a0: TSA 50110, 75441 Paris Cedex 09, https://www.mediation-assurance.org."
	})},
	{event.ClaimMessage, claimSample("transmitted", "Transmis à l’assureur", "Bonjour,\n\nL'expert passera jeudi matin.\nBien à vous,", func(p *event.ClaimPayload) {
		p.Author = "Bruno Martin"
	})},
}

// claimSample is a claim's payload for marie at step, changed by set.
func claimSample(step, status, text string, set func(*event.ClaimPayload)) event.ClaimPayload {
	p := event.ClaimPayload{Recipient: marie, ID: "s1", Ref: "SN-2026-000012", Product: "Auto", Kind: "Accident ou accrochage",
		Status: status, Step: step, Insurer: "Mutuelle Fictive de l’Ouest", Text: text}
	if set != nil {
		set(&p)
	}
	return p
}

// renewalSample is the renewal of marie's contract on 5 March 2027,
// changed by set.
func renewalSample(set func(*event.RenewalPayload)) event.RenewalPayload {
	p := event.RenewalPayload{ContractPayload: contractSample("Actif", "", 0, nil), Start: time.Date(2027, 3, 5, 0, 0, 0, 0, time.UTC),
		End: time.Date(2028, 3, 4, 0, 0, 0, 0, time.UTC), PreviousYearlyCents: 57960, YearlyCents: 61200, MonthlyCents: 5100}
	for i := range 12 {
		p.Schedule = append(p.Schedule, event.Installment{Date: time.Date(2027, time.Month(3+i), 5, 0, 0, 0, 0, time.UTC), AmountCents: 5100})
	}
	if set != nil {
		set(&p)
	}
	return p
}

// amendmentSample is the first avenant of marie's contract: a new car
// from 1 April 2026, changed by set.
func amendmentSample(set func(*event.AmendmentPayload)) event.AmendmentPayload {
	p := event.AmendmentPayload{ContractPayload: contractSample("Actif", "", 0, nil), N: 1, Object: "Changement de véhicule",
		Effective: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC), PreviousYearlyCents: 57960, YearlyCents: 61366, MonthlyCents: 5216,
		AdjustmentCents: 3201, Changes: [][3]string{{"Véhicule", "Peugeot 208 1.2 PureTech 100", "Toyota Corolla Hybride 140"},
			{"Immatriculation", "AB-123-CD", "GH-456-JK"}}}
	if set != nil {
		set(&p)
	}
	return p
}

// contractSample is a contract's payload for marie, changed by set.
func contractSample(status, detail string, refund int64, set func(*event.ContractPayload)) event.ContractPayload {
	p := event.ContractPayload{Recipient: marie, ID: "c1", Number: "CT-2026-000007", Product: "Assurance auto",
		Offer: "Tiers étendu chez Mutuelle Fictive de l’Ouest", Status: status, Detail: detail, RefundCents: refund}
	if set != nil {
		set(&p)
	}
	return p
}

func incidentSample(status string, set func(*event.IncidentPayload)) event.IncidentPayload {
	p := event.IncidentPayload{ContractPayload: contractSample(status, "", 0, nil), DueDate: time.Date(2026, 4, 10, 0, 0, 0, 0, time.UTC),
		AmountCents: 4120, Reason: "Provision insuffisante", Reference: "IMP-CT-2026-000007-02", IBAN: "FR7630006000011234567890189", BIC: "AGRIFRPP",
		NoticeDate: time.Date(2026, 4, 20, 0, 0, 0, 0, time.UTC), SuspendDate: time.Date(2026, 5, 20, 0, 0, 0, 0, time.UTC),
		TerminateDate: time.Date(2026, 5, 30, 0, 0, 0, 0, time.UTC)}
	if set != nil {
		set(&p)
	}
	return p
}

// TestNoticesGolden writes every notice and compares its plain-text part
// with testdata/<template>.txt (go test -update rewrites them); its HTML
// part says the same, loads nothing and has its dark scheme.
func TestNoticesGolden(t *testing.T) {
	f := newFixture(t)
	for i, s := range samples {
		f.record(t, s.kind, "sample", s.payload)
		_ = i
	}
	f.dispatch(t)
	mails := f.all(t)
	seen := map[string]bool{}
	for _, m := range mails {
		seen[m.Template] = true
		golden := filepath.Join("testdata", m.Template+".txt")
		got := "Subject: " + m.Subject + "\nTo: " + m.To + "\n\n" + m.Text
		if *update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%s: %v (go test -update writes it)", m.Template, err)
		}
		if got != string(want) {
			t.Errorf("%s differs from %s:\n%s", m.Template, golden, got)
		}
		checkHTML(t, m)
	}
	for _, s := range samples {
		if _, ok := builders[s.kind]; !ok {
			t.Errorf("no notice for %s", s.kind)
		}
	}
	if len(seen) != len(samples) {
		t.Errorf("%d templates for %d samples: %v", len(seen), len(samples), seen)
	}
	for kind := range builders {
		found := false
		for _, s := range samples {
			found = found || s.kind == kind
		}
		if !found {
			t.Errorf("notice of %s has no sample, so no golden file", kind)
		}
	}
}

var (
	// external are the ways an HTML mail would load something.
	external = regexp.MustCompile(`(?i)\ssrc\s*=|<link\b|<img\b|<script\b|<iframe\b|url\(|@import|@font-face`)
	tags     = regexp.MustCompile(`<[^>]+>`)
)

// checkHTML checks the HTML part of m against its text part.
func checkHTML(t *testing.T, m Mail) {
	t.Helper()
	if loc := external.FindStringIndex(m.HTML); loc != nil {
		t.Errorf("%s: the HTML part loads something: %q", m.Template, m.HTML[loc[0]:min(loc[1]+40, len(m.HTML))])
	}
	for _, want := range []string{`<html lang="fr">`, `name="color-scheme" content="light dark"`, "prefers-color-scheme: dark",
		"ORIAS sous le n° 24 003 517"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("%s: the HTML part lacks %q", m.Template, want)
		}
	}
	// Every line of the text part's message body is in the HTML part
	// (the facts and the footer are laid out apart, so words are compared).
	plain := strings.Join(strings.Fields(htmlUnescape(tags.ReplaceAllString(m.HTML, " "))), " ")
	for _, line := range strings.Split(m.Text, "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(line, ">"))
		if line == "" || line == "--" || strings.HasSuffix(line, " :") || strings.Contains(line, " : ") {
			continue
		}
		if !strings.Contains(plain, strings.Join(strings.Fields(line), " ")) {
			t.Errorf("%s: the HTML part lacks the text's line %q", m.Template, line)
		}
	}
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&#39;", "'", "&amp;", "&", "&lt;", "<", "&gt;", ">", "&#34;", `"`, "&quot;", `"`).Replace(s)
}

// TestOutboxRights: admins and the operator read the outbox, agents only
// a request's mails, clients and visitors nothing; only admins retry.
func TestOutboxRights(t *testing.T) {
	f := newFixture(t)
	f.record(t, event.RequestReceived, event.RequestAggregate("req-1"), quoteReceived("D-2026-00001"))
	f.dispatch(t)
	ctx := context.Background()
	admin := account.Actor{UID: "a", Role: account.RoleAdmin}
	agent := account.Actor{UID: "g", Role: account.RoleAgent}
	client := account.Actor{UID: "c", Role: account.RoleClient}
	cases := []struct {
		name  string
		actor account.Actor
		f     Filter
		want  apperr.Code
	}{
		{"admin, all", admin, Filter{}, ""},
		{"operator, all", operator, Filter{}, ""},
		{"agent, one request", agent, Filter{Aggregate: event.RequestAggregate("req-1")}, ""},
		{"agent, all", agent, Filter{}, apperr.EFORBIDDEN},
		{"client, one request", client, Filter{Aggregate: event.RequestAggregate("req-1")}, apperr.EFORBIDDEN},
		{"visitor", account.Visitor, Filter{}, apperr.EUNAUTHORIZED},
		{"unknown status", admin, Filter{Status: "lost"}, apperr.EINVALID},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			list, err := f.mailer.List(ctx, tc.actor, tc.f)
			if got := codeOf(err); got != tc.want {
				t.Fatalf("code %q (%v), want %q", got, err, tc.want)
			}
			if tc.want == "" && len(list) != 1 {
				t.Errorf("%d mails, want 1", len(list))
			}
		})
	}
	id := f.all(t)[0].ID
	if _, err := f.mailer.Get(ctx, agent, id); codeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("agent reads a whole mail: %v", err)
	}
	if _, err := f.mailer.Get(ctx, admin, id+1000); codeOf(err) != apperr.ENOTFOUND {
		t.Errorf("missing mail: %v", err)
	}
	if err := f.mailer.Retry(ctx, operator, id); codeOf(err) != apperr.EUNAUTHORIZED {
		t.Errorf("operator retries: %v", err)
	}
	if err := f.mailer.Retry(ctx, admin, id); codeOf(err) != apperr.ECONFLICT {
		t.Errorf("retry of a mail not failed: %v", err)
	}
}

func codeOf(err error) apperr.Code {
	if err == nil {
		return ""
	}
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return apperr.EINTERNAL
}

// TestAdminsDoNotReadUnsentLinks: a reset link not sent yet opens the
// client's account; an admin reads the mail without it, the operator
// (courtier mail show) with it.
func TestAdminsDoNotReadUnsentLinks(t *testing.T) {
	f := newFixture(t)
	f.record(t, event.PasswordResetAsked, "account:u1", event.AccountPayload{Recipient: marie, UID: "u1", Token: "tok-secret-123"})
	f.dispatch(t)
	id := f.all(t)[0].ID
	admin := account.Actor{UID: "a", Role: account.RoleAdmin}
	m, err := f.mailer.Get(context.Background(), admin, id)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.Text, "tok-secret-123") || strings.Contains(m.HTML, "tok-secret-123") || !strings.Contains(m.Text, masked) {
		t.Errorf("an admin reads the link:\n%s", m.Text)
	}
	if m, _ := f.mailer.Get(context.Background(), operator, id); !strings.Contains(m.Text, "tok-secret-123") {
		t.Errorf("the operator does not read the link:\n%s", m.Text)
	}
}
