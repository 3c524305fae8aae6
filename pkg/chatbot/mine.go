package chatbot

import "strings"

// Mine is the signed-in client's own business, as the caller found it
// (Input.Mine), for the replies about a claim, the documents, the payment
// and a cancellation. The caller writes the dates and amounts; the engine
// only puts them in sentences. It is not kept, and without
// Context.SignedIn it is not read: a visitor, or `courtier chat`, which
// has no identity, never gets it.
type Mine struct {
	// Claims are the client's open claims.
	Claims []MyClaim
	// Contracts are the client's contracts in force.
	Contracts []MyContract
	// Next is the next debit of the schedules, nil when none is due.
	Next *MyDebit
}

// MyClaim is an open claim of the client.
type MyClaim struct {
	Ref string
	// Status is the status as the client reads it: « Transmis à l'assureur ».
	Status string
	// Step is the text of its last step, "" when it has none.
	Step string
	// Href is its page: /mes-sinistres/{id}.
	Href string
}

// MyContract is a contract of the client in force.
type MyContract struct {
	Number string
	// Product is its label: « Assurance auto ».
	Product string
	// Start is its start date, Anniversary its next yearly due date, End
	// the day its cover ends when one is set, as the caller writes them
	// (« 1 mars 2026 »); an empty one is left out.
	Start, Anniversary, End string
	// Attestation is the link of the page where its attestation or memo
	// is downloaded: /mes-contrats/{id}.
	Attestation string
	// Modify is the page where the client changes it online
	// (ModifyPath), "" when it cannot be changed now (suspended, its end
	// asked).
	Modify string
}

// MyDebit is the next debit of the client's schedules.
type MyDebit struct {
	// Date and Amount are written by the caller: « 5 janvier 2027 »,
	// « 42,10 € ».
	Date, Amount string
	// Contract is the number of the contract it pays.
	Contract string
}

// WantsMine tells whether the reply of intent says something of the
// signed-in client's own business when the caller gives Input.Mine: the
// caller looks it up only then.
func WantsMine(intent Intent) bool {
	return intent == Claim || intent == Documents || intent == Payment || intent == Cancellation
}

// mine is the paragraph about the client's own business for intent, with
// its links, written with ordinary spaces (reply typesets it); "" when
// intent says nothing of it.
func mine(intent Intent, m *Mine) (string, []Link) {
	var links []Link
	var parts []string
	switch intent {
	case Claim:
		if len(m.Claims) == 0 {
			return "Vous n’avez aucun sinistre en cours.", nil
		}
		for _, c := range m.Claims {
			s := "n°" + nbsp + c.Ref + " : " + lowerFirst(c.Status)
			if c.Step != "" {
				s += ", dernière étape : " + strings.TrimSuffix(c.Step, ".")
			}
			parts = append(parts, s)
			links = append(links, Link{Label: "Sinistre n°" + nbsp + c.Ref, Href: c.Href})
		}
		return "Vos sinistres en cours : " + strings.Join(parts, " ; ") + ".", links
	case Documents:
		if len(m.Contracts) == 0 {
			return "Vous n’avez aucun contrat en cours.", nil
		}
		for _, c := range m.Contracts {
			parts = append(parts, named(c))
			links = append(links, Link{Label: "Attestation du contrat n°" + nbsp + c.Number, Href: c.Attestation})
		}
		return "L’attestation de chacun de vos contrats en cours se télécharge sur sa page : " + strings.Join(parts, ", ") + ".", append(links, modifyLinks(m)...)
	case Payment:
		if m.Next == nil {
			return "Aucun prélèvement n’est prévu sur vos contrats.", modifyLinks(m)
		}
		s := "Votre prochain prélèvement : " + m.Next.Amount + " le " + m.Next.Date
		if m.Next.Contract != "" {
			s += ", pour le contrat n°" + nbsp + m.Next.Contract
		}
		return s + ".", modifyLinks(m)
	case Cancellation:
		if len(m.Contracts) == 0 {
			return "Vous n’avez aucun contrat en cours.", nil
		}
		for _, c := range m.Contracts {
			s := named(c)
			var dates []string
			if c.Start != "" {
				dates = append(dates, "prise d’effet le "+c.Start)
			}
			if c.Anniversary != "" {
				dates = append(dates, "prochaine échéance le "+c.Anniversary)
			}
			if c.End != "" {
				dates = append(dates, "fin prévue le "+c.End)
			}
			if len(dates) > 0 {
				s += " : " + strings.Join(dates, ", ")
			}
			parts = append(parts, s)
		}
		return "Vos contrats en cours : " + strings.Join(parts, " ; ") + ".", nil
	}
	return "", nil
}

// named is « contrat n° X (assurance auto) ».
func named(c MyContract) string {
	s := "contrat n°" + nbsp + c.Number
	if c.Product != "" {
		s += " (" + lowerFirst(c.Product) + ")"
	}
	return s
}

// modifyLinks is the link to change the client's one contract that can
// be changed now, straight to its « Modifier mon contrat »; none when
// several can (the general reply's link to « Mes contrats » lets the
// client choose) or none can.
func modifyLinks(m *Mine) []Link {
	var one *MyContract
	for i := range m.Contracts {
		if m.Contracts[i].Modify == "" {
			continue
		}
		if one != nil {
			return nil
		}
		one = &m.Contracts[i]
	}
	if one == nil {
		return nil
	}
	return []Link{{Label: "Modifier le contrat n°" + nbsp + one.Number, Href: one.Modify}}
}
