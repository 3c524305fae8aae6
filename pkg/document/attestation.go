package document

import (
	"fmt"
	"time"
)

// AttestationInput is what an « Attestation d'assurance » shows: the
// insurer, the policyholder, the insured risk (a dwelling or a vehicle),
// the period and the risks covered.
type AttestationInput struct {
	Contract     string
	Issued       time.Time
	Insurer      string
	InsurerPhone string // the assistance line, for a vehicle
	Holder       Person
	// Dwelling is the insured home (HomeAttestation), Vehicle the insured
	// vehicle (TemporaryAttestation).
	Dwelling *Dwelling
	Vehicle  *Vehicle
	// From and To bound the cover: days, both included, for a home; to
	// the hour for a temporary contract, which may start in the day.
	From, To   time.Time
	Guarantees []string
}

func (in AttestationInput) check(doc string) error {
	if err := required(doc, "contract", in.Contract, "insurer", in.Insurer, "holder", in.Holder.Name); err != nil {
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

// HomeAttestation composes the « Attestation d'assurance habitation »
// that a landlord, a co-owners' syndic or a bank asks for: who is
// insured, for which dwelling, when, against what; a tenant's shows the
// risques locatifs the law makes them insure (loi du 6 juillet 1989, art. 7).
func (r *Renderer) HomeAttestation(in AttestationInput) (*Doc, error) {
	if err := in.check("attestation habitation"); err != nil {
		return nil, err
	}
	if in.Dwelling == nil || in.Dwelling.Address == "" {
		return nil, fmt.Errorf("document: attestation habitation: the dwelling's address is missing")
	}
	d := r.NewDoc("Attestation d’assurance habitation", "Contrat n°"+nbsp+in.Contract, in.Issued)
	d.Paragraph(fill(r.texts.HomeAttestation, map[string]string{"assureur": in.Insurer, "nom": in.Holder.Name,
		"contrat": in.Contract, "adresse": in.Dwelling.Address, "debut": r.date(in.From), "fin": r.date(in.To)}))
	d.Fields(Field{"Assureur", in.Insurer}, Field{"Numéro de contrat", in.Contract},
		Field{"Assuré", in.Holder.Name}, Field{"Adresse du logement assuré", in.Dwelling.Address},
		Field{"Logement", in.Dwelling.Kind}, Field{"Qualité de l’assuré", in.Dwelling.Status},
		Field{"Période de validité", "Du " + r.date(in.From) + " au " + r.date(in.To) + " inclus"})
	d.Section("Risques couverts")
	risks := []string{}
	if tenant(in.Dwelling.Status) {
		risks = append(risks, "Risques locatifs\u00a0: la responsabilité de l’assuré envers le propriétaire pour l’incendie, l’explosion et les dégâts des eaux")
	}
	d.Bullets(append(risks, in.Guarantees...)...)
	d.Signatures(Field{"Pour " + in.Insurer + ", par délégation", r.broker.Name + ", le " + r.date(in.Issued)})
	return d, nil
}

// tenant tells an occupant's status that names a tenant.
func tenant(status string) bool {
	return status == "locataire" || status == "Locataire"
}

// TemporaryAttestation composes the « Attestation d'assurance temporaire »
// of a car insured for a few days: issued at the signature, it is the
// proof of insurance until the cover ends, to the hour.
func (r *Renderer) TemporaryAttestation(in AttestationInput) (*Doc, error) {
	if err := in.check("attestation temporaire"); err != nil {
		return nil, err
	}
	if in.Vehicle == nil || in.Vehicle.Registration == "" {
		return nil, fmt.Errorf("document: attestation temporaire: the vehicle's registration is missing")
	}
	from, to := r.hour(in.From), r.hour(in.To)
	d := r.NewDoc("Attestation d’assurance temporaire", "Contrat n°"+nbsp+in.Contract, in.Issued)
	d.Paragraph(fill(r.texts.TemporaryAttestation, map[string]string{"assureur": in.Insurer, "nom": in.Holder.Name,
		"contrat": in.Contract, "immatriculation": in.Vehicle.Registration, "debut": from, "fin": to}))
	d.Fields(Field{"Assureur", in.Insurer}, Field{"Numéro de contrat", in.Contract},
		Field{"Assuré", in.Holder.Name}, Field{"Adresse", in.Holder.Address})
	d.Section("Véhicule assuré")
	d.Fields(Field{"Immatriculation", in.Vehicle.Registration}, Field{"Marque et modèle", in.Vehicle.name()},
		Field{"Catégorie", in.Vehicle.Kind})
	d.Section("Validité")
	d.Fields(Field{"Du", from}, Field{"Au", to})
	d.Section("Garanties")
	d.Bullets(in.Guarantees...)
	d.Fields(Field{"Assistance 24" + nbsp + "h/24, 7" + nbsp + "j/7", in.InsurerPhone},
		Field{"Votre courtier", r.broker.Name + " – " + r.broker.Phone})
	d.Signatures(Field{"Pour " + in.Insurer + ", par délégation", r.broker.Name + ", le " + r.date(in.Issued)})
	return d, nil
}

// hour is « 7 décembre 2026 à 17:00 » in the broker's time zone.
func (r *Renderer) hour(t time.Time) string {
	return date(t, r.paris) + " à" + nbsp + t.In(r.paris).Format("15:04")
}
