package tui

import (
	"fmt"
	"strconv"
	"strings"

	"courtier/pkg/apperr"
	"courtier/pkg/claim"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// A claim in the request view of the Demandes screen: its files numbered,
// the history its client reads and the thread of messages, and f to save
// one of the files, by its number, in the working directory.

// claimFiles are the files of the open request when it is a claim.
func (m *requestsScreen) claimFiles() []claim.File {
	if m.detail == nil || m.detail.Claim == nil {
		return nil
	}
	return m.detail.Claim.Files
}

// writeClaim writes the claim's files, its client-visible history and
// its messages, after its own lines.
func (m *requestsScreen) writeClaim(b *strings.Builder, c *claim.StaffClaim, section func(string)) {
	w, now := m.width, m.now()
	section(fmt.Sprintf("Pièces (%d)", len(c.Files)))
	if len(c.Files) == 0 {
		b.WriteString(m.st.Muted.Render("Aucune pièce.") + "\n")
	}
	for i, f := range c.Files {
		s := fmt.Sprintf("%d. %s · %s · %s · %s", i+1, f.Name, typeText(f.MIME), sizeText(f.Size), frDate(f.At, now))
		if f.FromStaff {
			s += " (cabinet)"
		}
		b.WriteString(wrap(s, w) + "\n")
	}
	section("Suivi lu par le client")
	for _, st := range c.History {
		b.WriteString(m.st.Muted.Render(elide(frDate(st.At, now)+" · "+st.Label, w)) + "\n")
		b.WriteString(wrap(st.Text, w) + "\n")
	}
	section(fmt.Sprintf("Messages (%d)", len(c.Messages)))
	if len(c.Messages) == 0 {
		b.WriteString(m.st.Muted.Render("Aucun message.") + "\n")
	}
	for _, msg := range c.Messages {
		from := " (cabinet)"
		if msg.FromClient {
			from = " (client)"
		}
		b.WriteString(m.st.Muted.Render(elide(frDate(msg.At, now)+" · "+msg.AuthorName+from, w)) + "\n")
		b.WriteString(wrap(msg.Body, w) + "\n")
	}
}

// askFile opens the line where the number of the file to save is typed;
// with a single file, its number is already there.
func (m *requestsScreen) askFile() tea.Cmd {
	m.mode = reqSave
	value := ""
	if len(m.claimFiles()) == 1 {
		value = "1"
	}
	return m.startLine(value, 6, 8)
}

// saveKey handles the line of the file's number: enter saves the file it
// names, or says in the status bar why not; esc gives up.
func (m *requestsScreen) saveKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, frameKeys.Cancel):
		m.endSave()
		return nil
	case key.Matches(msg, frameKeys.Apply):
		text := strings.TrimSpace(m.input.Value())
		if text == "" {
			return nil
		}
		m.endSave()
		files := m.claimFiles()
		n, err := strconv.Atoi(text)
		if err != nil || n < 1 || n > len(files) {
			return msgCmd(ErrMsg{Err: badFileNumber(text, len(files))})
		}
		src, ctx, id, dir, f := m.src, m.ctx, m.id, m.saveDir, files[n-1]
		return func() tea.Msg {
			saved, err := src.SaveClaimFile(ctx, id, f.ID, dir)
			return errOr(err, fmt.Sprintf("Enregistré\u00a0: %s (%s).", saved.Path, sizeText(int64(saved.Size))))
		}
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}

// endSave closes the line of the file's number and gives it back to the filter.
func (m *requestsScreen) endSave() {
	m.mode = reqDetail
	m.endLine()
}

// badFileNumber says why text names none of the n files.
func badFileNumber(text string, n int) error {
	hint := fmt.Sprintf("tapez un numéro de 1 à %d.", n)
	switch n {
	case 0:
		hint = "ce sinistre n’a pas de pièce."
	case 1:
		hint = "ce sinistre n’a qu’une pièce, la n°\u00a01."
	case 2:
		hint = "tapez 1 ou 2."
	}
	if _, err := strconv.Atoi(text); err != nil {
		return apperr.Errorf(apperr.EINVALID, "«\u00a0%s\u00a0» n’est pas un numéro de pièce\u00a0: %s", text, hint)
	}
	return apperr.Errorf(apperr.EINVALID, "Il n’y a pas de pièce n°\u00a0%s\u00a0: %s", text, hint)
}

// savePrompt is the line of the file's number, with the numbers allowed.
func (m *requestsScreen) savePrompt() string {
	n := len(m.claimFiles())
	switch n {
	case 1:
		return "Pièce à enregistrer (n°\u00a01)\u00a0: "
	case 2:
		return "Pièce à enregistrer (1 ou 2)\u00a0: "
	}
	return fmt.Sprintf("Pièce à enregistrer (1 à %d)\u00a0: ", n)
}
