package tui

import (
	"context"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/claim"
	"courtier/pkg/desk"
)

// The claim of the fakes: a water damage on a contract held elsewhere,
// declared late, transmitted and waiting for a piece, with three files
// (the last one from staff) and a message each way.

// fakeClaimRow is the claim as the queue lists it.
func fakeClaimRow() desk.StaffView {
	return desk.StaffView{ID: "s1", Kind: desk.KindClaim, KindLabel: "Sinistre", Ref: "SN-2026-000123", Client: true, Name: "Jeanne Martin",
		Email: "jeanne@example.fr", Product: "Habitation", Summary: "Dégât des eaux du 12 novembre 2026",
		Status: "pieces", StatusLabel: "En attente de pièces", ClientStatusLabel: "En attente de pièces",
		Assignee: &desk.Person{UID: "u-alice", Name: "Alice Agent"}, DueAt: "2026-11-20T16:00:00.000Z", Overdue: true,
		CreatedAt: "2026-11-19T09:12:00.000Z"}
}

// fakeClaimData are the bytes of the fake claim's files, by file ID.
var fakeClaimData = map[string][]byte{
	"f1": []byte("\xff\xd8\xff\xe0 une photo de l'évier"),
	"f2": []byte("%PDF-1.7 le devis du plombier"),
	"f3": []byte("%PDF-1.7 le courrier de l’assureur"),
}

func fakeClaim() *claim.StaffClaim {
	at := func(d, h, min int) time.Time { return time.Date(2026, 11, d, h, min, 0, 0, time.UTC) }
	c := claim.Claim{
		ID: "s1", Ref: "SN-2026-000123", Status: "pieces", StatusLabel: "En attente de pièces",
		Insurer: "Assurances Exemple SA", PolicyNumber: "AB-123456", Product: "home", ProductLabel: "Habitation",
		Kind: "water", KindLabel: "Dégât des eaux", OccurredAt: "2026-11-12",
		DeclareBy: "2026-11-18", DeclareRule: "5\u00a0jours ouvrés après le sinistre, ou après le jour où vous l’avez appris (article L113-2 du code des assurances)",
		DeclaredAt: at(19, 9, 12), Late: true,
		Description: "Fuite sous l'évier de la cuisine, parquet gonflé sur deux mètres. Le plombier est passé le lendemain et a remplacé le siphon.",
		Answers: []claim.Answer{
			{ID: "place", Label: "Lieu du sinistre (adresse ou commune)", Value: "12 rue des Lilas, Lyon", Text: "12 rue des Lilas, Lyon"},
			{ID: "rooms", Label: "Pièces ou biens touchés", Value: "Cuisine", Text: "Cuisine"},
			{ID: "waterStopped", Label: "La fuite est-elle arrêtée ?", Value: "yes", Text: "Oui"},
			{ID: "waterSource", Label: "D’où vient l’eau ?", Value: "mine", Text: "De chez moi"},
		},
		InsurerRef: "EX-2026-44871", Asked: "La facture du plombier",
		Files: []claim.File{
			{ID: "f1", Name: "photo-evier.jpg", MIME: "image/jpeg", Size: 250_880, At: at(19, 9, 14)},
			{ID: "f2", Name: "devis plombier.pdf", MIME: "application/pdf", Size: 1_258_291, At: at(19, 9, 15)},
			{ID: "f3", Name: "courrier-assureur.pdf", MIME: "application/pdf", Size: 48_000, At: at(21, 15, 2), FromStaff: true},
		},
		History: []claim.Step{
			{At: at(19, 9, 12), Status: "declared", Label: "Déclaré", Text: "Nous avons bien reçu votre déclaration. Nous la vérifions et la transmettons à Assurances Exemple SA."},
			{At: at(20, 10, 30), Status: "transmitted", Label: "Transmis à l’assureur", Text: "Votre déclaration est transmise à Assurances Exemple SA, qui l’enregistre sous le numéro EX-2026-44871."},
			{At: at(21, 15, 0), Status: "pieces", Label: "En attente de pièces", Text: "Il nous manque une pièce pour avancer\u00a0: La facture du plombier"},
		},
		Messages: []claim.Message{
			{ID: 1, At: at(20, 18, 40), AuthorName: "Jeanne Martin", FromClient: true, Body: "Le plombier me donne sa facture lundi."},
			{ID: 2, At: at(21, 15, 5), AuthorName: "Alice Agent", Body: "Merci, envoyez-la dès que vous l’avez."},
		},
	}
	// Alice took it: she may move it, from « En attente de pièces ».
	return &claim.StaffClaim{Claim: c, Name: "Jeanne Martin", Email: "jeanne@example.fr", CanWork: true, Moves: []claim.Move{
		{Status: "declared", Label: "Déclaré"}, {Status: "transmitted", Label: "Transmis à l’assureur", Needs: "insurerRef"},
		{Status: "expertise", Label: "Expertise"}, {Status: "indemnified", Label: "Indemnisé", Needs: "amountCents"},
		{Status: "refused", Label: "Refusé", Needs: "reason"}, {Status: "closed", Label: "Clos"},
	}}
}

// fakeClaimDetail is the claim as the request view opens it.
func fakeClaimDetail() *RequestDetail {
	c := fakeClaim()
	return &RequestDetail{Detail: desk.Detail{
		Request: fakeClaimRow(),
		History: []desk.Event{{At: time.Date(2026, 11, 19, 9, 12, 0, 0, time.UTC), ActorName: "Jeanne Martin", Action: "created", Detail: "Demande reçue"}},
		Replies: []desk.Reply{{At: "2026-11-20T18:40:00.000Z", AuthorName: "Jeanne Martin", Label: claim.LabelFromClient, Body: "Le plombier me donne sa facture lundi."}},
		Moves:   []desk.Option{},
		Can:     desk.Can{Work: true, Note: true, Assign: true, Release: true},
	}, Lines: claimLines(c), Claim: c}
}

// claimDetail is the fake's claim as the request view opens it: without
// --as nobody works it, as claim.Service's staff view says.
func (f *fakeScreensSource) claimDetail() *RequestDetail {
	d := fakeClaimDetail()
	c := d.Claim
	if f.vehicle {
		c.ContractID, c.Contract, c.Product, c.ProductLabel = "k1", "AU-2026-000042", "car", "Auto"
		c.BonusMalus, c.Responsibility = true, f.responsibility
	}
	if f.readOnly {
		c.CanWork, c.Moves = false, []claim.Move{}
	}
	d.Lines = claimLines(c)
	return d
}

// SaveClaimFile writes the fake's bytes as the App's Source does.
func (f *fakeScreensSource) SaveClaimFile(_ context.Context, id, fileID, dir string) (SavedFile, error) {
	f.record("SaveClaimFile %s %s", id, fileID)
	for _, file := range fakeClaim().Files {
		if id == "s1" && file.ID == fileID {
			return saveUnique(dir, file.Name, fakeClaimData[fileID])
		}
	}
	return SavedFile{}, apperr.Errorf(apperr.ENOTFOUND, "Ce document est introuvable.")
}

// MoveClaim records the move; failMove, when set, is its answer.
func (f *fakeScreensSource) MoveClaim(_ context.Context, id string, in claim.MoveInput) error {
	f.record("MoveClaim %s %s ref=%s asked=%s amount=%d reason=%s note=%s", id, in.Status, in.InsurerRef, in.Asked, in.AmountCents, in.Reason, in.Note)
	return f.failMove
}

// SetClaimResponsibility records the value; failResponsibility, when
// set, is its answer.
func (f *fakeScreensSource) SetClaimResponsibility(_ context.Context, id, responsibility string) error {
	f.record("SetClaimResponsibility %s %q", id, responsibility)
	return f.failResponsibility
}

func (f *fakeCoreSource) SetClaimResponsibility(context.Context, string, string) error { return nil }

func (f *fakeCoreSource) MoveClaim(context.Context, string, claim.MoveInput) error { return nil }

func (f *fakeCoreSource) SaveClaimFile(context.Context, string, string, string) (SavedFile, error) {
	return SavedFile{}, f.err
}
