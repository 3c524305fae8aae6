package chat

import (
	"strings"

	"courtier/pkg/chatbot"
	"courtier/pkg/company"
)

// Agent is the advisor persona of SPEC.md §3: fixed and local until real
// agents join the chat.
type Agent struct {
	Name   string `json:"name"`
	Avatar string `json:"avatar"`
	Role   string `json:"role"`
}

// DefaultAgent is the persona the widget shows in agent mode; the avatar
// is a file of the site (site/public).
func DefaultAgent() Agent {
	return Agent{Name: "Thomas Lefèvre", Avatar: "/chat-agent.svg", Role: "Conseiller en assurance"}
}

// RealAgent is how a message of a real agent names them to the visitor:
// their display name, no picture (the widget draws their initials).
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
// the advisor follow-up and agent mode (SPEC.md §4).
type texts struct {
	followUp      string
	connecting    string
	agentGreeting string
	agentReply    string
	agentLinks    []chatbot.Link
	backToBot     string
	botIsBack     string
	// waiting tells the visitor a real agent will come.
	waiting string
	// company is the broker's name, for the real agent's greeting.
	company string
	// hours are the opening hours in words.
	hours string
}

// liveGreeting is the first message of a real agent who takes a conversation.
func (t texts) liveGreeting(name string) string {
	return chatbot.Typeset("Bonjour, je suis " + name + ", " + company.Elide("de", t.company) + ". Je prends la suite de votre conversation : comment puis-je vous aider ?")
}

// connectingTo is SPEC.md §4's system message with the agent's real name.
func connectingTo(name string) string { return "Connexion à " + name + "..." }

// transferred tells the visitor another agent takes over.
func transferred(from, to string) string { return from + " a transmis la conversation à " + to + "." }

// notHere tells the visitor the agent who held the conversation has left.
func notHere(name string) string {
	return chatbot.Typeset(name + " n'est plus en ligne : votre conversation attend le prochain conseiller disponible.")
}

// closedBy tells the visitor the agent ended the conversation.
func closedBy(name string) string { return name + " a terminé la conversation." }

func newTexts(p company.Profile, a Agent) texts {
	role := strings.ToLower(a.Role)
	hours := chatbot.OpeningHours(chatbot.Hours{Weekdays: p.Hours.Weekdays, Saturday: p.Hours.Saturday, Sunday: p.Hours.Sunday})
	return texts{
		followUp: chatbot.Typeset("Vous préférez un conseil personnalisé ? Cliquez sur « Parler à un agent » pour échanger avec " +
			a.Name + ", " + role + "."),
		// The wording of SPEC.md §4, three dots included.
		connecting:    "Connexion à " + a.Name + "...",
		agentGreeting: chatbot.Typeset("Bonjour, je suis " + a.Name + ", " + role + " chez " + p.Name + ". Comment puis-je vous aider ?"),
		// The reply when no agent can answer (PRODUCT.md departure 8): it
		// says so, and offers a callback and the contact form.
		agentReply: chatbot.Typeset("Merci pour votre message. Aucun conseiller n'est disponible pour le moment : nous sommes joignables au " + p.Phone +
			", " + hours + ". Demandez à être rappelé ou écrivez-nous : un conseiller vous répondra personnellement, et verra cette conversation dès son retour."),
		agentLinks: []chatbot.Link{{Label: "Être rappelé", Href: chatbot.ContactPath + "#rappel"}, {Label: "Nous écrire", Href: chatbot.ContactPath + "#ecrire"}},
		backToBot:  "Vous êtes de nouveau en conversation avec l'assistant.",
		botIsBack:  chatbot.Typeset("Me revoilà ! Posez-moi vos questions sur nos assurances, nos devis ou nos coordonnées."),
		waiting:    "Un conseiller va vous répondre dans un instant.",
		company:    p.Name,
		hours:      hours,
	}
}
