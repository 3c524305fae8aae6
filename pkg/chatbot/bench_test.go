package chatbot

import "testing"

// benchMessages are what visitors type: short questions, a greeting, a
// long message and one no keyword matches.
var benchMessages = []string{
	"Bonjour",
	"Combien coûte une assurance habitation pour un appartement de 45 m² à Lyon ?",
	"Je voudrais un devis pour ma voiture, j'ai mon permis depuis 3 ans",
	"Quels sont vos horaires d'ouverture et votre numéro de téléphone ?",
	"Je cherche une mutuelle santé qui rembourse bien les soins dentaires et l'optique pour toute ma famille, " +
		"nous sommes quatre, deux adultes et deux enfants, et nous voulons aussi une bonne prise en charge à l'hôpital.",
	"Quel temps fera-t-il demain ?",
}

// BenchmarkRespond measures the engine alone: intent, context, reply.
// Messages per second = 1e9 / ns/op.
func BenchmarkRespond(b *testing.B) {
	e := New(testCompany())
	var uc UserContext
	i := 0
	for b.Loop() {
		_, uc = e.Respond(uc, benchMessages[i%len(benchMessages)])
		i++
	}
}

// BenchmarkRespondParallel is BenchmarkRespond from every core at once,
// each with its own conversation: the engine shares nothing mutable.
func BenchmarkRespondParallel(b *testing.B) {
	e := New(testCompany())
	b.RunParallel(func(pb *testing.PB) {
		var uc UserContext
		i := 0
		for pb.Next() {
			_, uc = e.Respond(uc, benchMessages[i%len(benchMessages)])
			i++
		}
	})
}
