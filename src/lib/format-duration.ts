// How long a community event lasts, from the "HH:MM:SS" the API gives.

/** "02:00:00" → "2 hours", "01:30:00" → "1 hour 30 minutes"; an odd value is shown as it came. */
export function formatDuration(duration: string): string {
  const match = /^(\d{2}):(\d{2}):\d{2}$/.exec(duration);
  if (!match) return duration;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '',
    minutes > 0 ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : duration;
}
