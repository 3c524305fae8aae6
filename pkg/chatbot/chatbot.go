package chatbot

import (
	"strings"
	"sync"
)

// ContextCap is the number of entries a conversation context holds: it
// resets after more than ContextCap (SPEC.md §9).
const ContextCap = 10

// QuotePath is the site's quote request page, where every quote starts.
const QuotePath = "/quote-request"

// ContactPath is the site's contact page.
const ContactPath = "/contact"

// Page is a page of the site a reply links to.
type Page struct {
	Title string
	Path  string
}

// Hours are the opening hours as the company profile writes them
// ("9h00 - 18h00", or a word such as "Fermé").
type Hours struct {
	Weekdays string
	Saturday string
	Sunday   string
}

// Company is what the replies tell about the broker. The caller fills it
// from the company profile, so that no phone number, address or opening
// hour is typed in the engine (PRODUCT.md, "The company profile is data").
type Company struct {
	Name string
	// OfName is the name after "de", elided by the caller from the
	// profile (company.Elide): "d'Horizon Courtage". Empty, the replies
	// write "de " and the name.
	OfName  string
	Phone   string
	Email   string
	Address string
	Hours   Hours
	// Online is when the assistant answers, such as "24h/24 et 7j/7".
	Online string
	// Products are the product pages, by product intent.
	Products map[Product]Page
	// Advantages are the titles of the advantages advertised.
	Advantages []string
	// Complaints are the delays of the complaint procedure and the
	// mediator, which the complaint reply states.
	Complaints Complaints
}

// Complaints is what the profile promises a complainant (ACPR
// recommendation 2022-R-01). A zero delay or an empty name is left out of
// the reply rather than invented.
type Complaints struct {
	// AcknowledgeDays is the acknowledgement delay, in working days.
	AcknowledgeDays int
	// AnswerMonths is the answer delay, in months.
	AnswerMonths int
	// Mediator is the name of the mediator: "La Médiation de l'Assurance".
	Mediator string
}

// of is the name after "de": "d'Horizon Courtage".
func (c Company) of() string {
	if c.OfName != "" {
		return c.OfName
	}
	return "de " + c.Name
}

// page is the product page of p, or the overview when the profile has none.
func (c Company) page(p Product) Page {
	if pg, ok := c.Products[p]; ok && pg.Path != "" {
		return pg
	}
	return Page{Title: "Nos assurances", Path: "/insurance"}
}

// UserContext is the conversation context of SPEC.md §3; the caller keeps
// it between messages (in memory for the CLI, in the database for the site).
type UserContext struct {
	InterestedProduct Product `json:"interestedProduct,omitempty"`
	WantsQuote        bool    `json:"wantsQuote"`
	WantsContact      bool    `json:"wantsContact"`
	// Entries counts the messages since the last reset.
	Entries int `json:"entries"`
	// SignedIn tells that a client is signed in: the caller sets it for
	// each message, as the session says; it is not kept.
	SignedIn bool `json:"-"`
}

// Link is a page of the site a reply points to.
type Link struct {
	Label string `json:"label"`
	Href  string `json:"href"`
}

// Reply is the engine's answer to one message.
type Reply struct {
	Intent        Intent
	SuggestsAgent bool
	Text          string
	Links         []Link
	// Mine is the paragraph about the signed-in client's own business
	// (Input.Mine), typeset, with its links: the caller shows it after
	// Text but does not keep it, as it holds personal data. Empty
	// without Input.Mine, for a visitor, or for another intent.
	Mine      string
	MineLinks []Link
}

// String is the reply as plain text: the text, then one line per link.
func (r Reply) String() string {
	var b strings.Builder
	b.WriteString(r.Text)
	for _, l := range r.Links {
		b.WriteString("\n" + l.Label + "\u00a0: " + l.Href)
	}
	return b.String()
}

// Engine answers messages; it holds the compiled keyword table and the
// company's details, and is safe for concurrent use.
type Engine struct {
	m *matcher
	// cues finds what the table does not tell: how to read the word
	// « plainte » (plainte.go), the kind of an emergency (emergency.go).
	cues *matcher
	co   Company
	// polite is the set of the greeting, farewell and thanks rules.
	polite uint64
	// inflected are the words whose key is a keyword's of either
	// matcher (inflect), so that a message is read once for the two;
	// more those of the keywords that name the company.
	inflected, more map[string]string
}

// New builds an engine that speaks for co.
func New(co Company) *Engine {
	cues := cueMatcher(co.Name)
	m := newMatcher(Rules(), exceptions())
	base := baseWords()
	more := map[string]bool{}
	for k := range cues.all {
		if !base.vocab[k] {
			more[k] = true
		}
	}
	return &Engine{m: m, cues: cues, co: co, polite: m.bit(Greeting) | m.bit(Farewell) | m.bit(Thanks),
		inflected: base.inflected, more: inflect(more)}
}

// cueMatcher finds the cues of the broker named name: how to read
// « plainte », the kind of an emergency.
func cueMatcher(name string) *matcher {
	not := notEmergencies()
	return newMatcher(append(plainteCues(name), emergencyCues()...), map[Intent][]string{cueInjured: not, cueFire: not, cueWater: not})
}

// wordTable is the vocabulary of the keywords that do not depend on the
// company, with inflect's table of it.
type wordTable struct {
	vocab     map[string]bool
	inflected map[string]string
}

// baseWords is built once per process and only read after: stemming every
// keyword with every inflection takes tens of milliseconds, and a process
// builds engines again (each test, each service); only the keywords that
// name the company (plainte.go) are stemmed by each New.
var baseWords = sync.OnceValue(func() wordTable {
	vocab := map[string]bool{}
	for _, m := range []*matcher{
		newMatcher(Rules(), exceptions()),
		cueMatcher(""),
	} {
		for k := range m.all {
			vocab[k] = true
		}
	}
	return wordTable{vocab: vocab, inflected: inflect(vocab)}
})

// Input is one message and what the caller knows around it.
type Input struct {
	Context UserContext
	Text    string
	// Assistance are the assistance lines of the signed-in client's
	// contracts in force, for the emergency reply. The caller looks them
	// up when Detect says Emergency; they are not kept, and without
	// Context.SignedIn they are not read.
	Assistance []Assistance
	// Mine is the signed-in client's own business, for the replies of
	// the intents of WantsMine. The caller looks it up only then; it is
	// not kept, and without Context.SignedIn it is not read.
	Mine *Mine
}

// reading is what the engine found in a message.
type reading struct {
	// found is the set of rules of the table (bit i for rule i).
	found uint64
	// cues is the set of rules of the cue matcher.
	cues uint64
}

// Detect returns the intent of text: the first rule of the table whose
// keyword it contains as a whole word or phrase, Unknown otherwise; the
// word « plainte » counts for the complaint or the claim as the sentence
// around it says (plainte.go).
func (e *Engine) Detect(text string) Intent {
	return e.first(e.scan(text).found)
}

// scan reads text: the rules found, the word « plainte » read with its
// sentence, and the cues.
func (e *Engine) scan(text string) reading {
	var buf [64]string
	ks := e.m.keys(buf[:0], words(text), e.inflected, e.more)
	rd := reading{found: e.m.matchKeys(ks), cues: e.cues.matchKeys(ks)}
	switch e.readPlainte(rd.cues) {
	case plainteComplaint:
		rd.found |= e.m.bit(Complaint)
	case plainteReport:
		rd.found |= e.m.bit(Claim)
	}
	return rd
}

// first is the first rule found in table order; greeting, farewell and
// thanks only when nothing else is found, so politeness never hides a
// question (PRODUCT.md departure 10).
func (e *Engine) first(found uint64) Intent {
	if rest := found &^ e.polite; rest != 0 {
		found = rest
	}
	for i, r := range e.m.rules {
		if found&(1<<i) != 0 {
			return r.Intent
		}
	}
	return Unknown
}

// suggestsAgent tells whether a reply of intent offers an advisor (the
// "Suggests agent" column; the unknown intent does).
func (e *Engine) suggestsAgent(intent Intent) bool {
	for _, r := range e.m.rules {
		if r.Intent == intent {
			return r.SuggestsAgent
		}
	}
	return intent == Unknown
}

// has tells whether the set found holds the rule of intent.
func (e *Engine) has(found uint64, intent Intent) bool {
	return e.m.has(found, intent)
}

// Respond answers text in the context uc and returns the context for the
// next message. What the message says updates the context before the reply
// is written, so "un devis pour ma maison" answers with a home quote; the
// context resets once it holds more than ContextCap entries.
func (e *Engine) Respond(uc UserContext, text string) (Reply, UserContext) {
	return e.Answer(Input{Context: uc, Text: text})
}

// Answer is Respond with what the caller knows around the message.
func (e *Engine) Answer(in Input) (Reply, UserContext) {
	uc := in.Context
	rd := e.scan(in.Text)
	intent := e.first(rd.found)
	// A complaint or an emergency is not an interest in a product or a
	// quote: what it names must not make a later reply a sales one.
	if intent != Complaint && intent != Emergency {
		uc = e.learn(uc, rd.found)
	}
	lines := in.Assistance
	if !uc.SignedIn {
		lines = nil
	}
	reply := e.reply(intent, uc, rd.cues, lines)
	if in.Mine != nil && uc.SignedIn && WantsMine(intent) {
		text, links := mine(intent, in.Mine)
		reply.Mine, reply.MineLinks = Typeset(text), links
		for i := range reply.MineLinks {
			reply.MineLinks[i].Label = Typeset(reply.MineLinks[i].Label)
		}
	}
	uc.Entries++
	if uc.Entries > ContextCap {
		uc = UserContext{}
	}
	return reply, uc
}

// learn updates uc with what the message found says: the first product in
// table order, a wish for a quote or for contact.
func (e *Engine) learn(uc UserContext, found uint64) UserContext {
	for _, p := range products {
		if e.has(found, p) {
			uc.InterestedProduct = p
			break
		}
	}
	uc.WantsQuote = uc.WantsQuote || e.has(found, Pricing)
	uc.WantsContact = uc.WantsContact || e.has(found, Contact) || e.has(found, HumanAgent)
	return uc
}
