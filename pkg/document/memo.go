package document

import (
	"fmt"
	"time"
)

// MemoInput is what the « Mémo Véhicule Assuré » shows, and the VTC
// certificate too.
type MemoInput struct {
	Contract     string
	Issued       time.Time
	Insurer      string
	InsurerPhone string // the assistance line
	Holder       Person
	Vehicle      Vehicle
	From, To     time.Time // the validity, both days included
}

func (in MemoInput) check(doc string) error {
	if err := required(doc, "contract", in.Contract, "insurer", in.Insurer, "holder", in.Holder.Name,
		"registration", in.Vehicle.Registration); err != nil {
		return err
	}
	if in.Issued.IsZero() || in.From.IsZero() || in.To.IsZero() {
		return fmt.Errorf("document: %s: %w (or validity)", doc, errNoIssueTime)
	}
	if in.To.Before(in.From) {
		return fmt.Errorf("document: %s: validity ends before it starts", doc)
	}
	return nil
}

// VehicleMemo composes the « Mémo Véhicule Assuré », which replaces the
// green card in France since 1 April 2024, for a car, a motorbike or a VTC.
func (r *Renderer) VehicleMemo(in MemoInput) (*Doc, error) {
	if err := in.check("mémo véhicule assuré"); err != nil {
		return nil, err
	}
	d := r.NewDoc("Mémo Véhicule Assuré", "Contrat n°"+nbsp+in.Contract, in.Issued)
	d.Fields(Field{"Assureur", in.Insurer}, Field{"Numéro de contrat", in.Contract},
		Field{"Souscripteur", in.Holder.Name})
	d.Section("Véhicule assuré")
	d.Fields(Field{"Immatriculation", in.Vehicle.Registration}, Field{"Marque et modèle", in.Vehicle.name()},
		Field{"Catégorie", in.Vehicle.Kind})
	d.Section("Validité")
	d.Fields(Field{"Du", r.date(in.From)}, Field{"Au", r.date(in.To) + " inclus"})
	d.Section("Assistance")
	d.Fields(Field{"Assistance 24" + nbsp + "h/24, 7" + nbsp + "j/7", in.InsurerPhone},
		Field{"Votre courtier", r.broker.Name + " – " + r.broker.Phone})
	d.Note(r.texts.VehicleMemo)
	return d, nil
}

// VTCCertificate composes the « Attestation d'assurance – transport de
// personnes à titre onéreux » a VTC driver shows with the memo.
func (r *Renderer) VTCCertificate(in MemoInput) (*Doc, error) {
	if err := in.check("attestation VTC"); err != nil {
		return nil, err
	}
	d := r.NewDoc("Attestation d’assurance – transport de personnes à titre onéreux",
		"Contrat n°"+nbsp+in.Contract, in.Issued)
	d.Paragraph(fill(r.texts.VTCCertificate, map[string]string{"assureur": in.Insurer, "nom": in.Holder.Name,
		"contrat": in.Contract, "immatriculation": in.Vehicle.Registration,
		"debut": r.date(in.From), "fin": r.date(in.To)}))
	d.Fields(Field{"Titulaire", in.Holder.Name}, Field{"Adresse", in.Holder.Address},
		Field{"Véhicule", in.Vehicle.name()}, Field{"Immatriculation", in.Vehicle.Registration},
		Field{"Usage garanti", "Transport de personnes à titre onéreux (VTC)"},
		Field{"Période de validité", "Du " + r.date(in.From) + " au " + r.date(in.To) + " inclus"},
		Field{"Assistance", in.InsurerPhone})
	d.Signatures(Field{"Pour " + in.Insurer + ", par délégation", r.broker.Name + ", le " + r.date(in.Issued)})
	return d, nil
}
