package chat

import (
	"courtier/pkg/chatbot"
	"courtier/pkg/company"
)

// Agent names the real agent who wrote a message or holds a
// conversation, to the visitor: their display name and role, no picture
// (the widget draws their initials).
type Agent struct {
	Name string `json:"name"`
	Role string `json:"role"`
}

// RealAgent is how a real agent is named to the visitor.
func RealAgent(name string) Agent {
	return Agent{Name: name, Role: "Conseiller"}
}

// productServices maps the profile's service IDs to the product intents.
var productServices = map[string]chatbot.Product{
	"car": chatbot.Auto, "home": chatbot.Home, "health": chatbot.Health, "life": chatbot.Life,
	"vtc": chatbot.VTC, "fleet": chatbot.Fleet, "temp": chatbot.Temp, "pro": chatbot.Pro,
}

// BotCompany gives the engine the company's details from the profile, so
// that the chatbot never types a phone number, an address or an hour.
func BotCompany(p company.Profile) chatbot.Company {
	pages := map[chatbot.Product]chatbot.Page{}
	for _, s := range p.Services {
		if prod, ok := productServices[s.ID]; ok {
			pages[prod] = chatbot.Page{Title: s.Title, Path: s.Path}
		}
	}
	advantages := make([]string, len(p.Advantages))
	for i, a := range p.Advantages {
		advantages[i] = a.Title
	}
	return chatbot.Company{
		Name: p.Name, OfName: company.Elide("de", p.Name), Phone: p.Phone, Email: p.Email, Address: p.FullAddress(),
		Hours:    chatbot.Hours{Weekdays: p.Hours.Weekdays, Saturday: p.Hours.Saturday, Sunday: p.Hours.Sunday},
		Online:   p.Online.Description,
		Products: pages, Advantages: advantages,
		Complaints: chatbot.Complaints{
			AcknowledgeDays: p.Complaints.AcknowledgeDays, AnswerMonths: p.Complaints.AnswerMonths, Mediator: p.Mediator.Name,
		},
	}
}

// NewEngine is the chatbot of the website and of `courtier chat`: one
// engine, one set of replies.
func NewEngine(p company.Profile) *chatbot.Engine {
	return chatbot.New(BotCompany(p))
}

// texts are the messages of the conversation around the chatbot's replies:
// the advisor follow-up and agent mode (SPEC.md §4, PRODUCT.md 8).
type texts struct {
	followUp  string
	backToBot string
	botIsBack string
	// waiting tells the visitor a real agent will come.
	waiting string
	// nobody says plainly that no advisor is online, and what works
	// instead (offer, which the widget shows as two buttons).
	nobody, offer string
	// hours are the opening hours in words.
	hours string
}

// joined is the one line that tells the visitor a real agent arrived
// (Take): no greeting is written in the agent's name, they write their own.
func joined(name string) string { return name + " a rejoint la conversation." }

// transferred tells the visitor another agent takes over.
func transferred(from, to string) string { return from + " a transmis la conversation à " + to + "." }

// notHere tells the visitor the agent who held the conversation has left,
// and whether another one is online to take it.
func (t texts) notHere(name string, available bool) string {
	if available {
		return chatbot.Typeset(name + " n’est plus en ligne : votre conversation attend le prochain conseiller disponible.")
	}
	return chatbot.Typeset(name + " n’est plus en ligne, et aucun autre conseiller ne l’est pour le moment. " + t.offer)
}

// closedBy tells the visitor the agent ended the conversation.
func closedBy(name string) string { return name + " a terminé la conversation." }

func newTexts(p company.Profile) texts {
	hours := chatbot.OpeningHours(chatbot.Hours{Weekdays: p.Hours.Weekdays, Saturday: p.Hours.Saturday, Sunday: p.Hours.Sunday})
	t := texts{
		followUp:  chatbot.Typeset("Vous préférez un conseil personnalisé ? Cliquez sur « Parler à un agent » pour joindre un conseiller."),
		backToBot: "Vous êtes de nouveau en conversation avec l’assistant.",
		botIsBack: chatbot.Typeset("Me revoilà ! Posez-moi vos questions sur nos assurances, nos devis ou nos coordonnées."),
		waiting:   "Un conseiller va vous répondre dans un instant.",
		hours:     hours,
	}
	t.offer = "Un conseiller peut vous rappeler au créneau de votre choix, ou vous répondre par e-mail. Vous pouvez aussi nous appeler au " +
		p.Phone + ", " + hours + "."
	t.nobody = chatbot.Typeset("Aucun conseiller n’est en ligne pour le moment. " + t.offer)
	return t
}
