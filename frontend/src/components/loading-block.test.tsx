import { render, screen } from '@testing-library/react';
import { LoadingBlock } from './loading-block';

describe('a loading block', () => {
  it('is told to assistive technology as a named busy indicator', () => {
    render(<LoadingBlock height={96} />);
    expect(screen.getByRole('progressbar', { name: /loading/i })).toBeVisible();
  });
});
