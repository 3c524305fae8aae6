package chatbot

import "testing"

// TestPlainte checks the rule of plainte.go on both families: a complaint
// against the broker is never read as a claim (ACPR 2022-R-01), a report
// to the police after a theft is read as one; typed with or without
// accents, in capitals, with either apostrophe.
func TestPlainte(t *testing.T) {
	complaints := []string{
		"Je veux déposer une plainte contre votre service",
		"je veux deposer une plainte contre votre service",
		"JE VEUX DÉPOSER UNE PLAINTE CONTRE VOTRE SERVICE",
		"Je veux déposer une plainte",
		"Je souhaite porter plainte contre vous",
		"Une plainte contre vous",
		"Plainte contre le courtier",
		"je porte plainte contre votre agence !",
		"Je vais porter plainte contre l’agent qui m’a mal conseillé",
		"Je vais porter plainte contre l'agent qui m'a mal conseillé",
		"une plainte contre votre conseiller",
		"PLAINTE CONTRE VOTRE CONSEILLERE",
		"Je dépose une plainte contre Courtage Témoin",
		"je depose une plainte contre courtage temoin",
		"Comment déposer une plainte ?",
		"Dois-je déposer une plainte ?",
		"J’ai une plainte à formuler",
		"Je porte plainte !",
		"Je veux faire une réclamation",
		"Je veux faire une reclamation",
		"Plaintes",
		// Aimed at us, a report to the police is still a complaint.
		"J'ai déposé plainte contre votre agent au commissariat",
		"Après le vol, je veux porter plainte contre votre agence",
		// A grievance comes first, whatever the plainte.
		"J'ai porté plainte et je suis mécontent",
		"dépôt de plainte au commissariat, et votre service est scandaleux",
	}
	reports := []string{
		"J'ai déposé plainte au commissariat",
		"j’ai depose plainte au commissariat",
		"J'AI DÉPOSÉ PLAINTE AU COMMISSARIAT",
		"J'ai porté plainte après le vol de mon vélo",
		"j ai porte plainte apres le vol de mon velo",
		"J’ai porté plainte",
		"Nous avons déposé une plainte",
		"Il a déjà porté plainte",
		"Je suis allée porter plainte hier",
		"récépissé de plainte",
		"Le RECEPISSE de plainte est joint",
		"Je veux déposer une plainte pour vol",
		"Comment porter plainte après un cambriolage ?",
		"Je dois porter plainte à la gendarmerie",
		"Porter plainte à la police",
		"plainte contre X",
		"Plainte contre x pour effraction",
		"dépôt de plainte",
		"dépôt de plainte, puis une autre plainte",
		"La plainte a été déposée hier",
		"Mon vélo a été volé, je vais porter plainte",
		"J'ai fait une pré-plainte en ligne",
	}
	e := New(laterCompany())
	for _, text := range complaints {
		if got := e.Detect(text); got != Complaint {
			t.Errorf("Detect(%q) = %s, want the complaint", text, got)
		}
	}
	for _, text := range reports {
		if got := e.Detect(text); got != Claim {
			t.Errorf("Detect(%q) = %s, want the claim", text, got)
		}
	}
	// A claim comes before a product of the SPEC.md table (PRODUCT.md
	// departure 11): a theft is never answered with a pitch.
	for _, text := range []string{"J'ai porté plainte après le vol de ma voiture", "Ma voiture a été volée, je vais porter plainte"} {
		if got := e.Detect(text); got != Claim {
			t.Errorf("Detect(%q) = %s, want the claim", text, got)
		}
	}
}

// TestPlainteNamesTheBroker: « contre » and the broker's name is a
// complaint whatever the name, and no name adds no phrase.
func TestPlainteNamesTheBroker(t *testing.T) {
	co := laterCompany()
	co.Name = "Assurances Dupont"
	if got := New(co).Detect("Plainte contre Assurances Dupont après le vol"); got != Complaint {
		t.Errorf("named broker: %s, want the complaint", got)
	}
	co.Name = ""
	if got := New(co).Detect("Plainte contre Assurances Dupont après le vol"); got != Claim {
		t.Errorf("no name: %s, want the claim", got)
	}
}
