package contact

import (
	"context"
	"fmt"

	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// MessageExport is a contact message in its sender's data export: what
// they sent and what the broker answered, never internal notes.
type MessageExport struct {
	id        string
	Ref       string       `json:"ref"`
	Status    string       `json:"status"`
	Subject   string       `json:"subject"`
	Message   string       `json:"message"`
	Name      string       `json:"name"`
	Email     string       `json:"email"`
	Phone     string       `json:"phone"`
	CreatedAt string       `json:"createdAt"`
	ConsentAt string       `json:"consentAt"`
	Replies   []desk.Reply `json:"replies"`
}

// CallbackExport is a callback request in its sender's data export.
type CallbackExport struct {
	id        string
	Ref       string       `json:"ref"`
	Status    string       `json:"status"`
	Name      string       `json:"name"`
	Phone     string       `json:"phone"`
	Product   string       `json:"product"`
	Slot      string       `json:"slot"`
	SlotStart string       `json:"slotStart"`
	SlotEnd   string       `json:"slotEnd"`
	Note      string       `json:"note"`
	Attempts  int          `json:"attempts"`
	CreatedAt string       `json:"createdAt"`
	ConsentAt string       `json:"consentAt"`
	Replies   []desk.Reply `json:"replies"`
}

// Export is what this package holds about an account.
type Export struct {
	Messages  []MessageExport
	Callbacks []CallbackExport
}

// Export reads the messages and callbacks account uid sent, oldest first,
// with the broker's replies. pkg/privacy calls it for the signed-in user
// whose session it checked.
func (s *Service) Export(ctx context.Context, uid string) (*Export, error) {
	out := &Export{Messages: []MessageExport{}, Callbacks: []CallbackExport{}}
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		if err := s.exportMessages(ctx, tx, uid, out); err != nil {
			return err
		}
		if err := s.exportCallbacks(ctx, tx, uid, out); err != nil {
			return err
		}
		for i := range out.Messages {
			if err := s.replies(ctx, tx, out.Messages[i].id, &out.Messages[i].Replies); err != nil {
				return err
			}
		}
		for i := range out.Callbacks {
			if err := s.replies(ctx, tx, out.Callbacks[i].id, &out.Callbacks[i].Replies); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("export des messages et rappels", err, "uid", uid)
	}
	return out, nil
}

// replies reads into dst the replies of request id.
func (s *Service) replies(ctx context.Context, tx *store.Tx, id string, dst *[]desk.Reply) error {
	list, err := s.desk.Replies(ctx, tx, id)
	if list == nil {
		list = []desk.Reply{}
	}
	*dst = list
	return err
}

func (s *Service) exportMessages(ctx context.Context, tx *store.Tx, uid string, out *Export) error {
	rows, err := tx.QueryContext(ctx, `SELECT r.id, r.ref, r.status, m.subject, m.message, r.name, r.email, r.phone, r.created_at, m.consent_at
		FROM contact_messages m JOIN requests r ON r.id = m.id WHERE r.uid = ? ORDER BY r.created_at, r.ref`, uid)
	if err != nil {
		return fmt.Errorf("export des messages: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var m MessageExport
		var status desk.Status
		if err := rows.Scan(&m.id, &m.Ref, &status, &m.Subject, &m.Message, &m.Name, &m.Email, &m.Phone, &m.CreatedAt, &m.ConsentAt); err != nil {
			return fmt.Errorf("export des messages: %w", err)
		}
		info, _ := MessageMachine.Info(status)
		m.Status, m.Subject = info.Client, s.form.subjectLabel(m.Subject)
		out.Messages = append(out.Messages, m)
	}
	return rows.Err()
}

func (s *Service) exportCallbacks(ctx context.Context, tx *store.Tx, uid string, out *Export) error {
	rows, err := tx.QueryContext(ctx, `SELECT r.id, r.ref, r.status, r.name, r.phone, r.product, COALESCE(c.slot_start, ''), COALESCE(c.slot_end, ''),
		c.note, c.attempts, r.created_at, c.consent_at
		FROM callback_requests c JOIN requests r ON r.id = c.id WHERE r.uid = ? ORDER BY r.created_at, r.ref`, uid)
	if err != nil {
		return fmt.Errorf("export des rappels: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c CallbackExport
		var status desk.Status
		var product string
		if err := rows.Scan(&c.id, &c.Ref, &status, &c.Name, &c.Phone, &product, &c.SlotStart, &c.SlotEnd,
			&c.Note, &c.Attempts, &c.CreatedAt, &c.ConsentAt); err != nil {
			return fmt.Errorf("export des rappels: %w", err)
		}
		info, _ := CallbackMachine.Info(status)
		c.Status, c.Product = info.Client, s.productTitle(product)
		start, err1 := parseOpt(c.SlotStart)
		end, err2 := parseOpt(c.SlotEnd)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("export des rappels: créneau illisible de %s", c.Ref)
		}
		c.Slot = s.slotLabel(start, end)
		out.Callbacks = append(out.Callbacks, c)
	}
	return rows.Err()
}
