package tui

import (
	"fmt"
	"strings"

	"courtier/pkg/mail"
)

// The mail view of the Courriels screen: its headers, where it stands,
// and its text part (the HTML part says the same, drawn from one source).

// refreshDetail writes the open mail into the pane at its width.
func (m *mailsScreen) refreshDetail() {
	if m.open != nil {
		m.showText(m.detailText(), false)
	}
}

func (m *mailsScreen) detailText() string {
	ml, w, now := m.open, m.width, m.now()
	var b strings.Builder
	line := func(label, value string) {
		if value != "" {
			b.WriteString(wrap(label+"\u00a0: "+value, w) + "\n")
		}
	}
	line("De", ml.From)
	line("À", ml.To)
	line("Objet", ml.Subject)
	line("État", mailState(ml))
	line("Dernière erreur", ml.LastError)
	line("Écrit le", frDate(ml.CreatedAt, now))
	switch ml.Status {
	case mail.StatusSent:
		line("Envoyé le", frDate(ml.SentAt, now))
	case mail.StatusPending:
		line("Prochain essai", frDate(ml.NextAt, now))
		line("Essais jusqu’au", frDate(ml.ExpiresAt, now))
	}
	line("Modèle", ml.Template)
	line("Rattaché à", aggregateText(ml.Aggregate))
	line("Message-ID", ml.MessageID)
	b.WriteString("\n" + m.st.Header.Render(elide("── Texte du courriel ", w)) + "\n")
	b.WriteString(wrap(strings.TrimRight(ml.Text, "\n"), w))
	return b.String()
}

// mailState is the state of ml in words, with its attempts.
func mailState(ml *mail.Mail) string {
	switch ml.Attempts {
	case 0:
		return ml.Status.Label() + " · aucun essai"
	case 1:
		return ml.Status.Label() + " · 1 essai"
	}
	return fmt.Sprintf("%s · %d essais", ml.Status.Label(), ml.Attempts)
}

func (m *mailsScreen) detailView() string {
	head, body := m.pane("Courriel", m.open != nil, m.openErr, func() string {
		return m.headLine(fmt.Sprintf("Courriel n°\u00a0%d", m.open.ID), m.open.Status.Label())
	})
	return m.page(head, body, m.bottom())
}

// aggregateText names what a mail is about in French: « request:ID »
// becomes « demande ID »; an unknown kind is shown as stored.
func aggregateText(a string) string {
	kind, id, ok := strings.Cut(a, ":")
	if !ok {
		return a
	}
	if word, known := aggregateWords[kind]; known {
		return word + " " + id
	}
	return a
}

// aggregateWords are the kinds of pkg/event's aggregates, in French.
var aggregateWords = map[string]string{"request": "demande", "account": "compte",
	"conversation": "conversation", "contract": "contrat"}
