// Chooses how each product is drawn from its catalogue look.
import type { ProductArt } from './catalog';
import { cupSide, cupTop, glassSide, glassTop } from './drinks';
import { foodSide } from './food';
import type { Subject } from './framing';
import { bagSide, toolSide } from './home-goods';

export function productSubject(p: ProductArt): Subject {
  const look = p.look;
  switch (look.kind) {
    case 'cup':
      return { group: 'drink', side: cupSide(p.id, look), top: cupTop(p.id, look) };
    case 'glass':
      return { group: 'drink', side: glassSide(p.id, look), top: glassTop(p.id, look) };
    case 'food':
      return { group: 'food', side: foodSide(p.id, look) };
    case 'bag':
      return { group: 'home', side: bagSide(p.id, look) };
    default:
      return { group: 'home', side: toolSide(look) };
  }
}
