"""The table's view-model (``TableViewModel``) and its parts, one QObject per concern."""

from app.table.calls import callout
from app.table.state import rank_text
from app.table.viewmodel import TableViewModel

__all__ = ["TableViewModel", "callout", "rank_text"]
