package desk

import (
	"time"

	"courtier/pkg/store"
)

// Person is a user named in a request: the assignee.
type Person struct {
	UID  string `json:"uid"`
	Name string `json:"name"`
}

// StaffView is a request as agents and admins read it in the queue.
type StaffView struct {
	ID                string  `json:"id"`
	Kind              Kind    `json:"kind"`
	KindLabel         string  `json:"kindLabel"`
	Ref               string  `json:"ref"`
	Client            bool    `json:"client"`
	Name              string  `json:"name"`
	Email             string  `json:"email"`
	Phone             string  `json:"phone"`
	Product           string  `json:"product"`
	Summary           string  `json:"summary"`
	Status            Status  `json:"status"`
	StatusLabel       string  `json:"statusLabel"`
	ClientStatusLabel string  `json:"clientStatusLabel"`
	Waiting           bool    `json:"waiting"`
	Assignee          *Person `json:"assignee"`
	DueAt             string  `json:"dueAt"`
	Overdue           bool    `json:"overdue"`
	DueToday          bool    `json:"dueToday"`
	CreatedAt         string  `json:"createdAt"`
	UpdatedAt         string  `json:"updatedAt"`
	// ConversationID is the staff ID of the chat conversation the request
	// was filed from (GET /api/desk/requests/{id}/conversation reads it).
	ConversationID string `json:"conversationId,omitempty"`
}

// ClientView is a request as its client reads it: no assignee, no
// internal status, no deadline of the broker's own.
type ClientView struct {
	ID          string `json:"id"`
	Kind        Kind   `json:"kind"`
	KindLabel   string `json:"kindLabel"`
	Ref         string `json:"ref"`
	Product     string `json:"product"`
	Summary     string `json:"summary"`
	StatusLabel string `json:"statusLabel"`
	Open        bool   `json:"open"`
	CreatedAt   string `json:"createdAt"`
	UpdatedAt   string `json:"updatedAt"`
	// Replies are what the broker answered, oldest first.
	Replies []Reply `json:"replies"`
	// Page is where the client follows it beyond « Mes demandes », when
	// its kind has such a page (KindSpec.Page).
	Page *Page `json:"page,omitempty"`
}

// optTime formats t, "" for the zero time.
func optTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return store.FormatTime(t)
}

// staffView writes r for staff with its kind's labels.
func (s *Service) staffView(r *Request) StaffView {
	info, _ := s.Machine(r.Kind).Info(r.Status)
	v := StaffView{
		ID: r.ID, Kind: r.Kind, KindLabel: s.Label(r.Kind), Ref: r.Ref, Client: r.UID != "",
		Name: r.Name, Email: r.Email, Phone: r.Phone, Product: r.Product, Summary: r.Summary,
		Status: r.Status, StatusLabel: info.Label, ClientStatusLabel: info.Client, Waiting: info.Waiting,
		DueAt: optTime(r.Due), Overdue: r.Overdue, DueToday: r.DueToday,
		CreatedAt: store.FormatTime(r.CreatedAt), UpdatedAt: store.FormatTime(r.UpdatedAt), ConversationID: r.Conversation,
	}
	if r.Assignee != "" {
		v.Assignee = &Person{UID: r.Assignee, Name: r.AssigneeName}
	}
	return v
}

// clientView writes r for its client with its kind's labels.
func (s *Service) clientView(r *Request) ClientView {
	info, _ := s.Machine(r.Kind).Info(r.Status)
	return ClientView{
		ID: r.ID, Kind: r.Kind, KindLabel: s.Label(r.Kind), Ref: r.Ref, Product: r.Product, Summary: r.Summary,
		StatusLabel: info.Client, Open: r.Open(), Replies: []Reply{}, Page: s.specs[r.Kind].Page,
		CreatedAt: store.FormatTime(r.CreatedAt), UpdatedAt: store.FormatTime(r.UpdatedAt),
	}
}
