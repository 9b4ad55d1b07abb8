import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard dragging across columns: Left and Right jump to the neighbouring column's top (a
 * column is a droppable), Up and Down move a card's height. dnd-kit's default moves 25 px a key.
 */
export const columnJumpCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const { collisionRect, droppableRects } = context;
  const step = 96;
  switch (event.code) {
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + step };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - step };
    case KeyboardCode.Right:
    case KeyboardCode.Left: {
      if (!collisionRect) return undefined;
      const centre = collisionRect.left + collisionRect.width / 2;
      const columns = [...droppableRects.values()].sort((a, b) => a.left - b.left);
      const target =
        event.code === KeyboardCode.Right
          ? columns.find((r) => r.left > centre)
          : [...columns].reverse().find((r) => r.left + r.width < centre);
      if (!target) return undefined;
      event.preventDefault();
      return { x: target.left + 8, y: target.top + 80 };
    }
    default:
      return undefined;
  }
};
