package chat

import (
	"context"
	"database/sql"
	"fmt"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// listCanned reads the canned answers by title, at most maxCanned.
func listCanned(ctx context.Context, tx *store.Tx) ([]Canned, error) {
	rows, err := tx.QueryContext(ctx, "SELECT id, title, text FROM chat_canned ORDER BY lower(title), id LIMIT ?", maxCanned)
	if err != nil {
		return nil, fmt.Errorf("réponses types: %w", err)
	}
	defer rows.Close()
	out := []Canned{}
	for rows.Next() {
		var c Canned
		if err := rows.Scan(&c.ID, &c.Title, &c.Text); err != nil {
			return nil, fmt.Errorf("réponses types: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// countCanned counts the canned answers.
func countCanned(ctx context.Context, tx *store.Tx) (int, error) {
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM chat_canned").Scan(&n); err != nil {
		return 0, fmt.Errorf("réponses types: %w", err)
	}
	return n, nil
}

// insertCanned adds a canned answer written by uid at now and answers its ID.
func insertCanned(ctx context.Context, tx *store.Tx, title, text, uid, now string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, "INSERT INTO chat_canned (title, text, updated_by, updated_at) VALUES (?, ?, ?, ?) RETURNING id",
		title, text, uid, now).Scan(&id)
	return id, err
}

// updateCanned changes canned answer id; ENOTFOUND when there is none.
func updateCanned(ctx context.Context, tx *store.Tx, id int64, title, text, uid, now string) error {
	res, err := tx.ExecContext(ctx, "UPDATE chat_canned SET title = ?, text = ?, updated_by = ?, updated_at = ? WHERE id = ?", title, text, uid, now, id)
	if err != nil {
		return fmt.Errorf("réponse type: %w", err)
	}
	return oneRow(res)
}

// deleteCanned removes canned answer id; ENOTFOUND when there is none.
func deleteCanned(ctx context.Context, tx *store.Tx, id int64) error {
	res, err := tx.ExecContext(ctx, "DELETE FROM chat_canned WHERE id = ?", id)
	if err != nil {
		return fmt.Errorf("suppression d'une réponse type: %w", err)
	}
	return oneRow(res)
}

// oneRow answers ENOTFOUND when res changed no row.
func oneRow(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("réponse type: %w", err)
	}
	if n == 0 {
		return apperr.Errorf(apperr.ENOTFOUND, "Cette réponse type n’existe pas ou a été supprimée.")
	}
	return nil
}
