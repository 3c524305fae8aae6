package tui

import (
	"context"
	"errors"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/contract"
)

// fakeContracts are the contracts of the fakes, newest first: one
// waiting for two supporting documents to check, one active.
func fakeContracts() []*contract.Contract {
	at := func(d, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, time.UTC) }
	signed := at(20, 9)
	sent := at(21, 18)
	waiting := &contract.Contract{
		ID: "c2", Number: "CT-2026-000002", Status: contract.StatusAwaiting, StatusLabel: "En attente de justificatifs",
		Product: "car", ProductLabel: "Assurance auto", Insurer: "Assurance Rhône Mutuelle", Formula: "Tous risques Confort",
		Holder: contract.Holder{Name: "Chloé LEFÈVRE-DŒUF", FirstName: "Chloé", LastName: "Lefèvre-Dœuf", Email: "chloe@example.fr", BirthDate: "1981-03-02",
			Phone: "0639981234", Address: "12 rue des Lilas", PostalCode: "69002", City: "Lyon"},
		Risk: contract.Risk{Vehicle: &contract.Vehicle{Make: "Peugeot", Model: "208", Version: "1.2 PureTech 100", Registration: "AB-123-CD"},
			Lines: [][2]string{{"Bonus-malus", "0,6"}, {"Usage", "Trajets domicile-travail"}},
			Repricing: &contract.Repricing{FromYearlyCents: 65210, ToYearlyCents: 70572, DiffYearlyCents: 5362,
				Changes: [][3]string{{"Code postal du lieu de stationnement", "69003", "69002"}}}},
		StartDate: "2026-11-25", YearlyCents: 70572, MonthlyCents: 5881, DeductibleCents: 30000, Rhythm: "monthly",
		SignedAt: &signed, ProvisionalUntil: "2026-12-24", WithdrawUntil: "2026-12-04",
		Documents: []contract.Document{
			{ID: "d1", Kind: "conditions", Title: "Conditions particulières", SHA256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", IssuedAt: signed, Signed: true},
			{ID: "d2", Kind: "mandate", Title: "Mandat de prélèvement SEPA", SHA256: "60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752", IssuedAt: signed, Signed: true},
		},
		Proofs: []contract.Proof{
			{Kind: "licence", Label: "Permis de conduire", Status: contract.ProofSent, StatusLabel: "En cours de vérification", Name: "permis.jpg", SentAt: &sent, URL: "/api/contracts/c2/proofs/licence"},
			{Kind: "registration", Label: "Certificat d’immatriculation (carte grise)", Status: contract.ProofSent, StatusLabel: "En cours de vérification", Name: "carte-grise.pdf", SentAt: &sent, URL: "/api/contracts/c2/proofs/registration"},
			{Kind: "record", Label: "Relevé d’information de votre assureur précédent", Status: contract.ProofRefused, StatusLabel: "Refusé", Name: "releve.pdf", SentAt: &sent, Reason: "Le relevé a plus de trois mois.", URL: "/api/contracts/c2/proofs/record"},
		},
		Schedule: []contract.Debit{
			{Seq: 1, Date: "2026-11-25", AmountCents: 5881, Sequence: "FRST", Exported: true, Status: contract.DebitSent, StatusLabel: "Envoyé"},
			{Seq: 2, Date: "2026-12-25", AmountCents: 5881, Sequence: "RCUR"},
		},
		Mandate: &contract.Mandate{RUM: "CTR-00000002", Holder: "Chloé Lefèvre-Dœuf", IBAN: "FR76 •••• •••• •••• •••• •••• 189", SignedAt: signed},
		History: []contract.Event{
			{At: at(20, 8), ActorName: "Chloé Lefèvre-Dœuf", Action: "created", Detail: "Contrat créé depuis un prix immédiat, début le 25 novembre 2026"},
			{At: signed, ActorName: "Chloé Lefèvre-Dœuf", Action: "signed", Detail: "Contrat signé"},
			{At: sent, ActorName: "Chloé Lefèvre-Dœuf", Action: "proof_sent", Detail: "Permis de conduire envoyé"},
		},
	}
	active := &contract.Contract{
		ID: "c1", Number: "CT-2026-000001", Status: contract.StatusActive, StatusLabel: "Actif",
		Product: "home", ProductLabel: "Assurance habitation", Insurer: "Assurance Rhône Mutuelle", Formula: "Essentielle",
		Holder:    contract.Holder{Name: "Jean Martin", Email: "jean@example.fr", Address: "3 place Bellecour", PostalCode: "69002", City: "Lyon"},
		StartDate: "2026-10-01", YearlyCents: 18900, Rhythm: "yearly", SignedAt: &signed,
		Documents: []contract.Document{}, Proofs: []contract.Proof{}, Schedule: []contract.Debit{}, History: []contract.Event{},
	}
	return []*contract.Contract{waiting, active}
}

// The contracts of fakeScreensSource: every call recorded.

func (f *fakeScreensSource) Contracts(_ context.Context, proofs bool) ([]*contract.Contract, error) {
	f.record("Contracts %v", proofs)
	list := fakeContracts()
	if proofs {
		list = list[:1]
	}
	return list, nil
}

func (f *fakeScreensSource) ContractsFollowed(_ context.Context, follow string) ([]*contract.Contract, error) {
	f.record("ContractsFollowed %s", follow)
	list := fakeContracts()
	if follow == contract.FollowUnpaid {
		return list[1:], nil
	}
	return list[:1], nil
}

func (f *fakeScreensSource) Contract(_ context.Context, id string) (*contract.Contract, error) {
	f.record("Contract %s", id)
	for _, c := range fakeContracts() {
		if c.ID == id {
			if id == "c2" {
				c.Incident = f.incident
			}
			return c, nil
		}
	}
	return nil, apperr.Errorf(apperr.ENOTFOUND, "Ce contrat est introuvable.")
}

func (f *fakeScreensSource) ReviewProof(_ context.Context, id, kind string, accept bool, reason string) error {
	f.record("ReviewProof %s %s %v %q", id, kind, accept, reason)
	if f.readOnly {
		return errors.New("lecture seule")
	}
	return nil
}

func (f *fakeScreensSource) RecordPayment(_ context.Context, id string, p contract.PaymentReceived) error {
	f.record("RecordPayment %s %d %s %s", id, p.AmountCents, p.Date, p.Way)
	return nil
}

func (f *fakeScreensSource) SaveContractFile(_ context.Context, id, kind, name, path string) (int, error) {
	f.record("SaveContractFile %s %s %s %s", id, kind, name, path)
	return 1234, nil
}

// The contracts of fakeCoreSource: none.

func (f *fakeCoreSource) Contracts(context.Context, bool) ([]*contract.Contract, error) {
	return []*contract.Contract{}, f.err
}
func (f *fakeCoreSource) ContractsFollowed(context.Context, string) ([]*contract.Contract, error) {
	return []*contract.Contract{}, f.err
}
func (f *fakeCoreSource) Contract(context.Context, string) (*contract.Contract, error) {
	return nil, f.err
}
func (f *fakeCoreSource) ReviewProof(context.Context, string, string, bool, string) error { return nil }
func (f *fakeCoreSource) RecordPayment(context.Context, string, contract.PaymentReceived) error {
	return nil
}
func (f *fakeCoreSource) SaveContractFile(context.Context, string, string, string, string) (int, error) {
	return 0, nil
}
